// A SAML provider's metadata kept up to date from its URL (docs/decisions/085): fetched through
// the outbound-address guard (https, no private address but this machine's, 200 KB at most),
// every six hours by whichever server claims the refresh first, and at once (at most once a
// minute) when a response's signature does not verify with the certificates kept, so that a
// rotation the provider published is taken without anyone touching Settings. The admins are told
// when the newest certificate expires within 30 days, or the metadata cannot be fetched.
import { PROVIDER_NOTICE } from './provider-words';
import { said } from '#/i18n/words';
import { createHash, X509Certificate } from 'node:crypto';
import { onThisMachine } from '#/api/sso';
import { getGuarded } from '#/http/outbound-targets';
import type { Notices } from '../notifications/notices';
import type { DashboardDb } from '../store/db';
import type { SamlConnection, SsoStore } from '../store/sso';
import { errorWords } from './sign-in';
import {
  type IdpMetadata,
  MAX_METADATA_BYTES,
  parseIdpMetadata,
  XmlRefused,
  METADATA,
} from './saml-metadata';
import { toldStored } from '../words';

/** How often the metadata is fetched again. */
export const METADATA_REFRESH_MS = 6 * 60 * 60 * 1000;
/** The soonest it is fetched again after a signature failed to verify. */
export const METADATA_RETRY_MS = 60 * 1000;
/** How long before its newest certificate expires the admins are told. */
export const CERTIFICATE_WARNING_MS = 30 * 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

/** The provider's metadata at `url`, read as pasted metadata is; refusals in words. */
export async function fetchIdpMetadata(url: string): Promise<IdpMetadata> {
  let answer;
  try {
    answer = await getGuarded(url, {
      timeoutMs: FETCH_TIMEOUT_MS,
      // A provider on this machine (a test's) is the one private address allowed.
      allowPrivate: onThisMachine(new URL(url)),
      maxBytes: MAX_METADATA_BYTES,
    });
  } catch (error) {
    throw new XmlRefused(METADATA.notFetched, { url, why: errorWords(error) });
  }
  if (answer.status !== 200)
    throw new XmlRefused(METADATA.answered, { url, status: answer.status });
  return parseIdpMetadata(answer.body);
}

/** What a refresh did. */
export type Refreshed = 'not due' | 'unchanged' | 'rotated' | 'failed';

/**
 * Fetches the metadata again if it was last fetched before `staleBefore`, claimed by a
 * conditional update so that one server fetches. A fetched document must still name the same
 * entity; its certificates replace the kept ones.
 */
export async function refreshSamlMetadata(
  deps: { sso: SsoStore; db: DashboardDb; notices: Notices },
  staleBefore: number,
): Promise<Refreshed> {
  const claimed = await deps.sso.claimSamlRefresh(staleBefore);
  if (!claimed?.metadataUrl) return 'not due';
  const metadataUrl = claimed.metadataUrl;
  let metadata: IdpMetadata;
  try {
    metadata = await fetchIdpMetadata(metadataUrl);
    if (metadata.entityId !== claimed.entityId)
      throw new XmlRefused(METADATA.otherProvider, {
        url: metadataUrl,
        entityId: metadata.entityId,
      });
  } catch (error) {
    const problem = error instanceof XmlRefused ? error.told : errorWords(error);
    if (claimed.metadataProblem !== problem) {
      await deps.sso.noteSamlMetadataProblem(metadataUrl, problem);
      await deps.db.db.transaction().execute(async (trx) =>
        deps.notices.signInProvider(trx, {
          title: said(PROVIDER_NOTICE.metadataTitle),
          body: said(PROVIDER_NOTICE.metadataBody, { problem: toldStored(problem) }),
        }),
      );
    }
    return 'failed';
  }
  const rotated =
    metadata.certificates.join('\n') !== claimed.certificates.join('\n') ||
    metadata.entryPoint !== claimed.entryPoint;
  await deps.sso.refreshSaml({ metadataUrl, entityId: claimed.entityId }, metadata);
  return rotated ? 'rotated' : 'unchanged';
}

/** Until when the newest of the provider's certificates is good, and its fingerprint. */
export function newestCertificate(connection: Pick<SamlConnection, 'certificates'>) {
  return connection.certificates
    .map((pem) => ({
      validTo: Date.parse(new X509Certificate(pem).validTo),
      fingerprint: createHash('sha256').update(pem).digest('hex').slice(0, 16),
    }))
    .sort((a, b) => b.validTo - a.validTo)[0];
}

/**
 * Tells the admins, once per certificate, when the newest certificate the provider signs with
 * expires within 30 days (a rotation not published yet, or metadata pasted long ago).
 */
export async function warnOfExpiry(
  deps: { sso: SsoStore; db: DashboardDb; notices: Notices },
  now: number,
): Promise<boolean> {
  const saml = await deps.sso.saml();
  const newest = saml && newestCertificate(saml);
  if (!saml || !newest || newest.validTo - now > CERTIFICATE_WARNING_MS) return false;
  return deps.db.db.transaction().execute(async (trx) => {
    if (!(await deps.sso.markWarned(trx, newest.fingerprint))) return false;
    const days = Math.max(0, Math.floor((newest.validTo - now) / 86_400_000));
    const when = new Date(newest.validTo).toISOString().slice(0, 10);
    await deps.notices.signInProvider(trx, {
      title:
        newest.validTo <= now
          ? said(PROVIDER_NOTICE.expiredTitle)
          : said(PROVIDER_NOTICE.expiresTitle, { days }),
      body: said(
        saml.metadataUrl ? PROVIDER_NOTICE.expiresBodyFetched : PROVIDER_NOTICE.expiresBodyPasted,
        { entityId: saml.entityId, when },
      ),
    });
    return true;
  });
}
