// The dashboard's own keys for single sign-on (docs/decisions/085), made on first need and kept
// in the database sealed by the vault, so that every server sharing it signs and decrypts with
// the same ones: as a SAML service provider, a signing and an encryption key, each with a
// self-signed certificate that our metadata publishes (identity providers pin certificates, they
// do not check a chain); for OpenID Connect's private_key_jwt, a signing key whose public half
// is published as a JWKS. Two servers making one at once: the first row kept wins, and both use it.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { selfsigned } from '../lazy-packages';
import type { DashboardDb } from '../store/db';
import type { Vault } from '../store/vault';

/** A private key and its certificate, PEM. */
export interface KeyAndCertificate {
  privateKey: string;
  certificate: string;
}

export interface SamlKeys {
  signing: KeyAndCertificate;
  encryption: KeyAndCertificate;
}

export interface OidcClientKey {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** The public key as a JWK, with its `kid`, `alg` and `use`. */
  publicJwk: Record<string, string>;
}

/** How long the service provider's certificates are good (identity providers pin them). */
const CERTIFICATE_YEARS = 10;

async function keyAndCertificate(commonName: string): Promise<KeyAndCertificate> {
  const { generate } = await selfsigned();
  const notBeforeDate = new Date();
  const notAfterDate = new Date(notBeforeDate);
  notAfterDate.setUTCFullYear(notAfterDate.getUTCFullYear() + CERTIFICATE_YEARS);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

function oidcClientKey(): OidcClientKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string; kty: string };
  // RFC 7638 thumbprint as the key's id.
  const kid = createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
    .digest('base64url');
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicJwk: { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' },
  };
}

export function ownKeys(store: DashboardDb, vault: Vault, now: () => number) {
  const { db } = store;

  /** The kept value of `name`, made by `make` and kept first if there is none. */
  async function kept<T>(name: string, make: () => Promise<T> | T): Promise<T> {
    const key = `ssoKeys:${name}`;
    const read = async () => {
      const row = await db
        .selectFrom('workspace_setting')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row && (JSON.parse(vault.open(JSON.parse(row.value) as string, key)) as T);
    };
    const found = await read();
    if (found) return found;
    const made = await make();
    await db
      .insertInto('workspace_setting')
      .values({
        key,
        value: JSON.stringify(vault.seal(JSON.stringify(made), key)),
        updated_at: now(),
        updated_by: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // Another server may have kept its own first: everyone uses the row kept.
    return (await read())!;
  }

  return {
    saml: (): Promise<SamlKeys> =>
      kept('saml', async () => ({
        signing: await keyAndCertificate('Partner Payments dashboard (SAML signing)'),
        encryption: await keyAndCertificate('Partner Payments dashboard (SAML encryption)'),
      })),
    oidc: (): Promise<OidcClientKey> => kept('oidc', oidcClientKey),
  };
}
