// The two legs of a sign-in through the workspace's identity provider (src/api/sso.ts,
// docs/decisions/051, 053, 085): the start, which sends the browser to the provider that covers
// the address (SAML or OpenID), an admin's test sign-in, and OpenID's callback, which checks the
// answer and ends as every sign-in does (../sso/sign-in.ts), or keeps a test for Settings.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ssoEndpoints as E } from '#/api/sso';
import { route } from '../endpoint';
import { audit, problem } from '../request';
import { finishSignIn, type OidcClientSettings, startSignIn } from '../sso/oidc';
import { covers } from '../sso/roles';
import { samlOf, serviceProviderOf } from '../sso/saml';
import { completeSignIn, errorWords, keepTest, refuseSso } from '../sso/sign-in';
import { signInFailures } from '../store/sign-in-failures';
import type { OidcConnection, SamlConnection } from '../store/sso';
import { sha256 } from '../store/workspace';
import { samlTestKey } from './saml-routes';
import { bindingCookie, OIDC_CALLBACK_PATH, withClientKey } from './sso-routes';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';

/** How many single sign-ons one client address may start in a minute. */
export const SSO_STARTS_PER_MINUTE = 60;

export const ssoSignInRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const redirectUri = () => `${ctx.address.origin()}${OIDC_CALLBACK_PATH}`;
  const starts = signInFailures(ctx.db, {
    max: SSO_STARTS_PER_MINUTE,
    windowMs: 60_000,
    now: ctx.now,
  });
  const oidcClient = <T extends OidcClientSettings>(settings: T) => withClientKey(ctx, settings);

  route(app, E.startSso, async ({ request, reply, query }) => {
    // Each start keeps a row for ten minutes (the state, the nonce): an address may start at
    // most SSO_STARTS_PER_MINUTE, far more than a person clicks.
    const email = query.email.toLowerCase();
    if ('wait' in (await starts.attempt(`sso-start:${request.ip}`)))
      return refuseSso(request, reply, 'TOO_MANY', {}, email);
    /** The provider could not be asked: the sign-in page says so, and the audit says why. */
    const providerFailed = (provider: string, error: unknown) =>
      refuseSso(request, reply, 'FAILED', { provider, error: errorWords(error) }, email);
    const saml = await ctx.sso.saml();
    if (saml && covers(saml.domains, email)) {
      try {
        // The return path travels as RelayState, checked again when the response comes back.
        return reply.redirect((await samlStart(saml, query.returnTo ?? '')).url, 303);
      } catch (error) {
        return providerFailed(saml.entityId, error);
      }
    }
    const oidc = await ctx.sso.oidc();
    if (!oidc || !covers(oidc.domains, email))
      return refuseSso(request, reply, 'NOT_SET_UP', {}, email);
    try {
      return reply.redirect(await oidcStart(reply, oidc, email, query.returnTo ?? null), 303);
    } catch (error) {
      return providerFailed(oidc.issuer, error);
    }
  });

  /** An SP-initiated AuthnRequest's URL at the provider (signed where it asks), and its id. */
  async function samlStart(saml: SamlConnection, relayState: string) {
    const id = `_${randomBytes(20).toString('hex')}`;
    const sp = await samlOf(
      serviceProviderOf(ctx.address.origin()),
      saml,
      ctx.sso.samlRequests,
      await ctx.sso.keys.saml(),
      saml.signsRequests,
      () => id,
    );
    return { id, url: await sp.getAuthorizeUrlAsync(relayState, undefined, {}) };
  }

  /**
   * An OpenID sign-in's URL at the provider, its state kept and bound to this browser by a
   * cookie; `returnTo` is where it lands (for a test, the admin who started it).
   */
  async function oidcStart(
    reply: FastifyReply,
    oidc: OidcConnection,
    email: string,
    returnTo: string | null,
    protocol: 'oidc' | 'oidc-test' = 'oidc',
  ) {
    const start = await startSignIn(await oidcClient(oidc), redirectUri(), email);
    const browser = randomBytes(32).toString('base64url');
    await ctx.sso.startLogin(start.state, {
      protocol,
      browserHash: sha256(browser),
      nonce: start.nonce,
      codeVerifier: start.codeVerifier,
      returnTo,
    });
    // Lax, not Strict: it must come back with the provider's redirect to the callback.
    reply.setCookie(bindingCookie(ctx), browser, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.cookie.options.secure,
      path: '/',
      maxAge: 600,
    });
    return start.url.href;
  }

  route(app, E.startSsoTest, async ({ request, reply, body }) => {
    const admin = request.signedIn!.user.email;
    const missing = () =>
      problem(request, reply, {
        status: 409,
        code: 'SSO_NOT_SET_UP',
        detail: said(REFUSED.noProviderToTest, { protocol: body.protocol }),
      });
    const unreachable = async (provider: string, error: unknown) => {
      await audit(request, {
        action: E.startSsoTest.audit,
        outcome: 'refused',
        target: provider,
        details: { error: errorWords(error) },
      });
      return problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail: said(REFUSED.providerUnasked, { provider, why: errorWords(error) }),
      });
    };
    if (body.protocol === 'saml') {
      const saml = await ctx.sso.saml();
      if (!saml) return missing();
      try {
        const { id, url } = await samlStart(saml, '');
        // The answer to this request is a test, kept for Settings: nobody is signed in.
        await ctx.sso.startLogin(samlTestKey(id), {
          protocol: 'saml-test',
          browserHash: '',
          nonce: '',
          codeVerifier: '',
          returnTo: admin,
        });
        await audit(request, {
          action: E.startSsoTest.audit,
          outcome: 'ok',
          target: saml.entityId,
        });
        return { url };
      } catch (error) {
        return unreachable(saml.entityId, error);
      }
    }
    const oidc = await ctx.sso.oidc();
    if (!oidc) return missing();
    try {
      const url = await oidcStart(reply, oidc, admin, admin, 'oidc-test');
      await audit(request, { action: E.startSsoTest.audit, outcome: 'ok', target: oidc.issuer });
      return { url };
    } catch (error) {
      return unreachable(oidc.issuer, error);
    }
  });

  route(app, E.ssoCallback, async ({ request, reply, query }) => {
    const browser = request.cookies[bindingCookie(ctx)];
    reply.clearCookie(bindingCookie(ctx), { path: '/' });
    const login = query.state ? await ctx.sso.takeLogin(query.state) : undefined;
    if (query.error)
      return refuseSso(request, reply, 'DENIED', {
        error: query.error.slice(0, 100),
        description: (query.error_description ?? '').slice(0, 300),
      });
    if (!login)
      return refuseSso(request, reply, 'EXPIRED', { state: query.state ? 'unknown' : 'none' });
    // The answer must come back to the browser that asked for it: otherwise someone could sign
    // another person's browser in as themselves.
    if (!browser || sha256(browser) !== login.browserHash)
      return refuseSso(request, reply, 'FAILED', { reason: 'started in another browser' });
    const oidc = await ctx.sso.oidc();
    if (!oidc) return refuseSso(request, reply, 'NOT_SET_UP', {});
    const provider = oidc.issuer;
    const callbackUrl = new URL(redirectUri());
    for (const [key, value] of Object.entries(query)) callbackUrl.searchParams.set(key, value);
    const testBy = login.protocol === 'oidc-test' ? (login.returnTo ?? '') : undefined;
    let identity;
    try {
      identity = await finishSignIn(await oidcClient(oidc), callbackUrl, {
        state: query.state!,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      });
    } catch (error) {
      const details = { provider, error: errorWords(error) };
      if (testBy !== undefined)
        return keepTest(ctx, request, reply, {
          protocol: 'oidc',
          provider,
          by: testBy,
          read: { code: 'FAILED', details },
        });
      return refuseSso(request, reply, 'FAILED', details);
    }
    const vouched = {
      protocol: 'oidc' as const,
      provider,
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      name: identity.name,
      groups: identity.claims[oidc.groupsClaim],
      connection: oidc,
    };
    if (testBy !== undefined)
      return keepTest(ctx, request, reply, {
        protocol: 'oidc',
        provider,
        by: testBy,
        read: {
          identity: vouched,
          claims: Object.entries(identity.claims).map(([name, value]) => ({
            name,
            values: (Array.isArray(value) ? value : [value]).map((v) =>
              typeof v === 'string' ? v : JSON.stringify(v),
            ),
          })),
        },
      });
    return completeSignIn(app.dashboard, request, reply, { ...vouched, returnTo: login.returnTo });
  });
};
