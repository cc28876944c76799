// The OpenID Connect relying party (docs/decisions/051), on openid-client: discovery of the
// provider, the authorization code flow with PKCE, `state` and `nonce`, and the ID token's
// signature, issuer, audience and expiry checked (non-repudiation checks on: the token's JWS
// signature is verified against the provider's keys, not only trusted for arriving over TLS).
import { createPrivateKey } from 'node:crypto';
import * as client from 'openid-client';
import { onThisMachine, type SsoPreset } from '#/api/sso';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** How the client proves itself at the token endpoint (docs/decisions/085). */
  clientAuth?: 'client_secret_post' | 'private_key_jwt';
  /** With private_key_jwt: the dashboard's key (PKCS#8 PEM) and its id. */
  clientKey?: { privateKey: string; kid: string } | undefined;
  preset?: SsoPreset;
  /** Entra ID: the tenant the token must name; Google Workspace: its hosted domain. */
  tenant?: string;
}

/** How the client authenticates: its secret, or a JWT signed with the dashboard's key. */
async function clientAuthOf(settings: OidcClientSettings): Promise<client.ClientAuth> {
  if (settings.clientAuth !== 'private_key_jwt')
    return client.ClientSecretPost(settings.clientSecret);
  if (!settings.clientKey) throw new Error('No key for private_key_jwt.');
  const der = createPrivateKey(settings.clientKey.privateKey).export({
    format: 'der',
    type: 'pkcs8',
  });
  const key = await crypto.subtle.importKey(
    'pkcs8',
    der,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return client.PrivateKeyJwt({ key, kid: settings.clientKey.kid });
}

/**
 * What the presets hold the ID token to beyond the standard (docs/decisions/085): Entra ID's
 * `tid` is the tenant set up, and the issuer names it (a multi-tenant application would take
 * any directory's people otherwise); Google's `hd` is the Workspace domain set up (an address of
 * that domain on a consumer account carries none). Throws with the rule's name.
 */
export function checkPresetClaims(
  settings: Pick<OidcClientSettings, 'preset' | 'tenant'>,
  claims: Record<string, unknown>,
): void {
  const tenant = settings.tenant?.trim().toLowerCase() ?? '';
  if (settings.preset === 'entra' && tenant) {
    if (String(claims.tid ?? '').toLowerCase() !== tenant)
      throw new Error(`tid: the token is from tenant ${String(claims.tid ?? 'none')}`);
    if (
      !String(claims.iss ?? '')
        .toLowerCase()
        .includes(`/${tenant}/`)
    )
      throw new Error('tid: the issuer does not name the tenant');
  }
  if (settings.preset === 'google' && tenant)
    if (String(claims.hd ?? '').toLowerCase() !== tenant)
      throw new Error(`hd: the account is not of the Workspace domain ${tenant}`);
}

/** What the server keeps between the start and the callback of one sign-in. */
export interface OidcStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person as the provider vouched for them. */
export interface OidcIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
  /** Every claim of the ID token and the UserInfo answer, for the groups claim. */
  claims: Record<string, unknown>;
}

/** Discovered configurations, by provider and client, for ten minutes. */
const CONFIG_TTL_MS = 10 * 60 * 1000;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The provider's configuration, found by discovery at its issuer (and checked to be its own). */
export function configurationOf(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = JSON.stringify([
    settings.issuer,
    settings.clientId,
    settings.clientSecret,
    settings.clientAuth,
    settings.clientKey?.kid,
  ]);
  const known = discovered.get(key);
  if (known && Date.now() - known.at < CONFIG_TTL_MS) return known.config;
  const issuer = new URL(settings.issuer);
  const config = clientAuthOf(settings)
    .then((auth) =>
      client.discovery(
        issuer,
        settings.clientId,
        {
          // Only an asymmetric signature: never `none`, never the client secret as an HMAC key.
          id_token_signed_response_alg: 'RS256',
        },
        auth,
        // A provider on this machine (a test's) may use http; every other must use https.
        {
          ...(issuer.protocol === 'http:' && onThisMachine(issuer)
            ? { execute: [client.allowInsecureRequests] }
            : {}),
          timeout: 10,
        },
      ),
    )
    // ID tokens' signatures are verified before anyone can use the configuration.
    .then((c) => {
      client.enableNonRepudiationChecks(c);
      return c;
    });
  // A provider that did not answer is asked again next time.
  config.catch(() => discovered.delete(key));
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** Forgets a provider's discovered configuration (its keys with it). */
function forget(settings: OidcClientSettings) {
  for (const [key] of discovered)
    if (key.startsWith(JSON.stringify([settings.issuer, settings.clientId]).slice(0, -1)))
      discovered.delete(key);
}

/** Where the browser goes to sign in, with the secrets to check the answer by. */
export async function startSignIn(
  settings: OidcClientSettings,
  redirectUri: string,
  loginHint: string,
): Promise<OidcStart> {
  const config = await configurationOf(settings);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The provider's answer at the callback, checked: the code exchanged with the PKCE verifier,
 * `state` and `nonce` compared, the ID token's signature, issuer, audience and expiry verified.
 * Throws for anything else.
 */
export async function finishSignIn(
  settings: OidcClientSettings,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const config = await configurationOf(settings);
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    // A token signed by a key the provider published since its keys were last read (a
    // rotation): the provider is discovered again, keys and all, for the next sign-in.
    const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
    if ([code(error), code((error as Error).cause)].includes('OAUTH_KEY_SELECTION_FAILED'))
      forget(settings);
    throw error;
  }
  const idToken = tokens.claims();
  if (!idToken) throw new Error('The provider answered without an ID token.');
  checkPresetClaims(settings, idToken);
  // Claims the ID token leaves out (many providers keep groups for UserInfo) are asked for.
  const userInfo = await client
    .fetchUserInfo(config, tokens.access_token, idToken.sub)
    .catch(() => ({}));
  const claims: Record<string, unknown> = { ...userInfo, ...idToken };
  return {
    subject: idToken.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    claims,
  };
}
