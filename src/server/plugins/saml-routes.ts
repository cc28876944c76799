// SAML's own endpoints (docs/decisions/053, 084, 085), outside /api: the identity provider posts
// its response to the assertion consumer service from another site (no CSRF header, a form
// body), fetches this service provider's metadata, and sends logout messages. A response is
// checked before node-saml reads it (no DTD, entities or comments; the rules of the letter node-
// saml leaves out), then by it (signature, audience, time, InResponseTo), then once more here
// (never the same assertion twice); the sign-in ends as every single sign-on does
// (../sso/sign-in.ts), or, for an admin's test, is kept for Settings with nobody signed in.
import type { FastifyPluginAsync } from 'fastify';
import type { Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { ReturnTo } from '#/api/sso-start';
import type { SsoRefusal } from '#/api/sso-refusals';
import type { DashboardContext } from '../context';
import {
  assertionLife,
  checkedResponseXml,
  checkResponseLetter,
  OIDC_JWKS_PATH,
  SAML_PATHS,
  samlOf,
  serviceProviderMetadata,
  serviceProviderOf,
} from '../sso/saml';
import { XmlRefused } from '../sso/saml-metadata';
import { acceptForms, audit, languageOf } from '../request';
import { METADATA_RETRY_MS, refreshSamlMetadata } from '../sso/saml-refresh';
import {
  completeSignIn,
  errorWords,
  keepTest,
  type ProviderIdentity,
  refuseSso,
} from '../sso/sign-in';
import type { SamlConnection } from '../store/sso';
import { sha256 } from '../store/workspace';
import { said } from '#/i18n/words';
import { REFUSED } from '../refusal-words';
import { sayIn } from '../words';

/** A SAML response is a few kilobytes; a form body beyond this is refused. */
const MAX_FORM_BYTES = 512 * 1024;

/** The id a test sign-in's request is kept under (with the admin who started it). */
export const samlTestKey = (requestId: string) => `saml-test ${requestId}`;

/** The request a response answers, read from its root (before anything else trusts it). */
function inResponseToOf(xml: string): string | null {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  return root?.getAttribute('InResponseTo') || null;
}

/** A refusal of a response: the code the sign-in page says, and what the audit trail keeps. */
interface Refusal {
  code: SsoRefusal;
  details: Record<string, unknown>;
}

/** An attribute's values as text: node-saml gives one value as a string, several as a list. */
function valuesOf(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

/**
 * Where an address or a name is found when the attribute the admin named is not sent: the
 * attributes decision 053 read before presets (`mail`, the LDAP OID of mail; `displayName`,
 * `name`), so that a provider set up before them signs in as it did; then the NameID.
 */
const ADDRESS_FALLBACKS = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3'];
const NAME_FALLBACKS = ['displayName', 'name'];

/** What the assertion says of the person, through the attributes the admin named. */
function identityOf(profile: Profile, saml: SamlConnection): ProviderIdentity {
  const first = (names: string[]) =>
    names.filter(Boolean).flatMap((name) => valuesOf(profile[name]))[0];
  const nameId = profile.nameID;
  return {
    protocol: 'saml',
    provider: saml.entityId,
    subject: nameId,
    email:
      first([saml.emailAttribute, ...ADDRESS_FALLBACKS]) ??
      (nameId.includes('@') ? nameId : undefined),
    emailVerified: undefined,
    name: first([saml.nameAttribute, ...NAME_FALLBACKS]),
    groups: profile[saml.groupsAttribute],
    connection: saml,
  };
}

/** Every attribute of the assertion, for an admin's test. */
function claimsOf(profile: Profile) {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  return [
    { name: 'NameID', values: [profile.nameID] },
    ...Object.entries(attributes).map(([name, value]) => ({ name, values: valuesOf(value) })),
  ].slice(0, 100);
}

/**
 * Where the browser goes to end a SAML session at the provider too, when a person signs out
 * (single logout, SP-initiated): a signed LogoutRequest to the provider's logout URL, for the
 * session the provider opened. Undefined when the session came from elsewhere or the provider
 * offers no logout. Forgets the session's SAML sign-in either way.
 */
export async function providerLogoutUrl(
  ctx: Pick<DashboardContext, 'sso' | 'address'>,
  sessionToken: string | undefined,
): Promise<string | undefined> {
  if (!sessionToken) return undefined;
  const session = await ctx.sso.takeSamlSession(sha256(sessionToken));
  const saml = session && (await ctx.sso.saml());
  if (!session || !saml?.logoutUrl || saml.entityId !== session.provider) return undefined;
  const us = await samlOf(
    serviceProviderOf(ctx.address.origin()),
    saml,
    ctx.sso.samlRequests,
    await ctx.sso.keys.saml(),
    true,
  );
  return us.getLogoutUrlAsync(
    {
      issuer: saml.entityId,
      nameID: session.nameId,
      nameIDFormat: session.nameIdFormat,
      ...(session.sessionIndex ? { sessionIndex: session.sessionIndex } : {}),
    },
    '',
    {},
  );
}

export const samlRoutes: FastifyPluginAsync = async (app) => {
  const ctx: DashboardContext = app.dashboard;
  const sp = () => serviceProviderOf(ctx.address.origin());

  acceptForms(app, MAX_FORM_BYTES);
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'SAML request failed');
    return reply
      .code(status >= 500 ? 500 : status)
      .type('text/plain; charset=utf-8')
      .send(
        sayIn(
          languageOf(request),
          said(status === 413 ? REFUSED.samlTooLarge : REFUSED.samlUnread),
        ),
      );
  });

  app.get(SAML_PATHS.metadata, async (_request, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="partner-dashboard-saml.xml"')
      .send(await serviceProviderMetadata(sp(), await ctx.sso.keys.saml(), await ctx.sso.saml())),
  );

  // The dashboard's public key for OpenID's private_key_jwt, for the provider to verify the
  // client's assertions by (docs/decisions/085).
  app.get(OIDC_JWKS_PATH, async (_request, reply) =>
    reply
      .type('application/jwk-set+json')
      .header('cache-control', 'public, max-age=3600')
      .send({ keys: [(await ctx.sso.keys.oidc()).publicJwk] }),
  );

  /**
   * node-saml's verdict on the response; when the signature does not verify and the metadata
   * comes from a URL, the metadata is fetched again (at most once a minute) and a rotated
   * certificate is tried (docs/decisions/085).
   */
  async function validated(
    saml: SamlConnection,
    samlResponse: string,
    inResponseTo: string | null,
  ) {
    const keys = await ctx.sso.keys.saml();
    const requests = ctx.sso.samlRequests;
    // The request answered stays known through a retry with fetched certificates, and is
    // forgotten once the response is decided (node-saml would forget it at the first failure).
    const keeping = { ...requests, removeAsync: async (key: string | null) => key };
    const validate = async (connection: SamlConnection) =>
      (await samlOf(sp(), connection, keeping, keys)).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      });
    try {
      try {
        return await validate(saml);
      } catch (error) {
        if (!saml.metadataUrl || !/signature/i.test(errorWords(error))) throw error;
        const refreshed = await refreshSamlMetadata(
          { sso: ctx.sso, db: ctx.db, notices: ctx.notifications.notices },
          ctx.now() - METADATA_RETRY_MS,
        );
        const rotated = refreshed === 'rotated' ? await ctx.sso.saml() : undefined;
        if (!rotated) throw error;
        return await validate(rotated);
      }
    } finally {
      await requests.removeAsync(inResponseTo);
    }
  }

  /** The response read and checked: who the provider vouches for, or why it is refused. */
  async function readResponse(
    saml: SamlConnection,
    samlResponse: string,
    test: boolean,
  ): Promise<{ identity: ProviderIdentity; profile: Profile } | Refusal> {
    const provider = saml.entityId;
    const failed = (details: Record<string, unknown>): Refusal => ({
      code: 'FAILED',
      details: { provider, ...details },
    });
    let inResponseTo: string | null;
    try {
      const xml = checkedResponseXml(samlResponse);
      inResponseTo = inResponseToOf(xml);
      await checkResponseLetter(xml, {
        issuer: saml.entityId,
        acsUrl: sp().acsUrl,
        decryptionKey: (await ctx.sso.keys.saml()).encryption.privateKey,
      });
      if (!test && !saml.allowIdpInitiated && !inResponseTo)
        return failed({
          reason: 'idp-initiated: sign-in started at the provider is not allowed for it',
        });
    } catch (error) {
      if (!(error instanceof XmlRefused)) throw error;
      return failed({ reason: error.message });
    }
    let profile;
    try {
      ({ profile } = await validated(saml, samlResponse, inResponseTo));
    } catch (error) {
      return failed({ error: errorWords(error) });
    }
    if (!profile) return failed({ reason: 'no profile' });
    // Never the same assertion twice, on any server sharing the database.
    let life;
    try {
      life = assertionLife(profile.getAssertionXml?.() ?? '', sp().acsUrl);
    } catch (error) {
      return failed({ error: errorWords(error) });
    }
    if (!(await ctx.sso.useAssertion(`${provider} ${life.id}`, life.notOnOrAfter)))
      return { code: 'EXPIRED', details: { provider, reason: 'assertion replayed' } };
    return { identity: identityOf(profile, saml), profile };
  }

  // Single logout (docs/decisions/085): the provider's signed LogoutRequest ends the sessions it
  // opened for that person (its session index, when named) and is answered with a signed
  // LogoutResponse; the LogoutResponse to a logout of ours takes the browser to the sign-in page.
  app.post(SAML_PATHS.logout, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const signedOut = () => reply.redirect('/sign-in', 303);
    if (form.SAMLResponse) return signedOut();
    const saml = await ctx.sso.saml();
    if (!saml || !form.SAMLRequest) return signedOut();
    const refused = async (error: unknown) => {
      await audit(request, {
        action: 'sso logout',
        outcome: 'refused',
        target: null,
        details: { provider: saml.entityId, error: errorWords(error) },
      });
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(sayIn(languageOf(request), said(REFUSED.logoutUnverified)));
    };
    let profile;
    const us = await samlOf(sp(), saml, ctx.sso.samlRequests, await ctx.sso.keys.saml(), true);
    try {
      checkedResponseXml(form.SAMLRequest);
      ({ profile } = await us.validatePostRequestAsync({ SAMLRequest: form.SAMLRequest }));
    } catch (error) {
      return refused(error);
    }
    if (!profile) return refused('no LogoutRequest');
    const ended = await ctx.sso.endSamlSessions(
      saml.entityId,
      profile.nameID,
      profile.sessionIndex ?? null,
    );
    await audit(request, {
      action: 'sso logout',
      outcome: 'ok',
      target: profile.nameID,
      details: { provider: saml.entityId, sessionsEnded: ended },
    });
    if (!saml.logoutUrl) return signedOut();
    return reply.redirect(
      await us.getLogoutResponseUrlAsync(profile, form.RelayState ?? '', {}, true),
      303,
    );
  });

  app.post(SAML_PATHS.acs, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const saml = await ctx.sso.saml();
    if (!saml) return refuseSso(request, reply, 'NOT_SET_UP', { protocol: 'saml' });
    const provider = saml.entityId;
    if (!form.SAMLResponse)
      return refuseSso(request, reply, 'FAILED', { provider, reason: 'no SAMLResponse' });
    // An answer to an admin's test sign-in (its request kept with the admin's address).
    let testBy: string | undefined;
    try {
      const answered = inResponseToOf(checkedResponseXml(form.SAMLResponse));
      if (answered)
        testBy = (await ctx.sso.takeLogin(samlTestKey(answered)))?.returnTo ?? undefined;
    } catch (error) {
      if (!(error instanceof XmlRefused)) throw error;
    }
    const read = await readResponse(saml, form.SAMLResponse, testBy !== undefined);
    if (testBy !== undefined)
      return keepTest(ctx, request, reply, {
        protocol: 'saml',
        provider,
        by: testBy,
        read: 'code' in read ? read : { identity: read.identity, claims: claimsOf(read.profile) },
      });
    if ('code' in read) return refuseSso(request, reply, read.code, read.details);
    return completeSignIn(app.dashboard, request, reply, {
      ...read.identity,
      returnTo: ReturnTo.parse(form.RelayState || undefined),
      samlSession: {
        nameIdFormat: read.profile.nameIDFormat,
        sessionIndex: read.profile.sessionIndex ?? null,
      },
    });
  });
};
