// The OpenID Connect relying party (docs/decisions/051), on openid-client: discovery of the
// provider, the authorization code flow with PKCE, `state` and `nonce`, and the ID token's
// signature, issuer, audience and expiry checked (non-repudiation checks on: the token's JWS
// signature is verified against the provider's keys, not only trusted for arriving over TLS).
import * as client from 'openid-client';
import { onThisMachine } from '#/api/sso';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
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
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const known = discovered.get(key);
  if (known && Date.now() - known.at < CONFIG_TTL_MS) return known.config;
  const issuer = new URL(settings.issuer);
  const config = client
    .discovery(
      issuer,
      settings.clientId,
      {
        // Only an asymmetric signature: never `none`, never the client secret as an HMAC key.
        id_token_signed_response_alg: 'RS256',
      },
      client.ClientSecretPost(settings.clientSecret),
      // A provider on this machine (a test's) may use http; every other must use https.
      {
        ...(issuer.protocol === 'http:' && onThisMachine(issuer)
          ? { execute: [client.allowInsecureRequests] }
          : {}),
        timeout: 10,
      },
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
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new Error('The provider answered without an ID token.');
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
