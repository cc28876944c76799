// Single sign-on's settings (src/api/sso.ts, docs/decisions/051, 053, 085): the admin's OpenID
// and SAML providers (an OpenID provider checked by discovery before it is kept, its client
// secret sealed; SAML metadata read or fetched), and the sign-in policy. What a provider says
// gives roles only through the admin's group map, and only for addresses in the provider's
// domains; every change is on the audit trail. The sign-in's legs: ./sso-sign-in-routes.ts.
import { said, wordsCode, type Words } from '#/i18n/words';
import { FIELD, REFUSED } from '../refusal-words';
import { CHANGE } from '../controls/change-words';
import { saidData } from '#/i18n/said-data';
import type { SsoStore } from '../store/sso';
import { X509Certificate } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, englishRoles, WORKSPACE_ROLES } from '#/api/roles';
import { type GroupRoles, type SignInPolicy, SsoSettings, ssoEndpoints as E } from '#/api/sso';
import { route } from '../endpoint';
import { type ScimSettings, scimAdminEndpoints as S } from '#/api/scim';
import { SCIM_PREFIX } from '../scim/routes';
import { holdForSecondAdmin } from '../controls/changes';
import { audit, invalidInput, problem } from '../request';
import { configurationOf, type OidcClientSettings } from '../sso/oidc';
import { errorWords } from '../sso/sign-in';
import type { OidcConnection } from '../store/sso';
import { OIDC_JWKS_PATH, serviceProviderOf } from '../sso/saml';
import { parseIdpMetadata, XmlRefused } from '../sso/saml-metadata';
import { fetchIdpMetadata } from '../sso/saml-refresh';
import type { DashboardContext } from '../context';
import { toldStored } from '../words';
import { type z } from 'zod';

/** The path of the callback, as the provider must have it registered. */
export const OIDC_CALLBACK_PATH = `/api${E.ssoCallback.path}`;

/** The cookie that binds a sign-in under way to the browser that started it. */
export const bindingCookie = (ctx: DashboardContext) =>
  ctx.cookie.name.startsWith('__Host-') ? '__Host-pp_sso' : 'pp_sso';

/** A certificate as an admin reads it: whom it names, until when it is good. */
const certificateWords = (pem: string) => {
  const certificate = new X509Certificate(pem);
  return { subject: certificate.subject, validTo: certificate.validTo };
};

async function settingsOf(ctx: DashboardContext): Promise<z.input<typeof SsoSettings>> {
  const oidc = await ctx.sso.oidc();
  const saml = await ctx.sso.saml();
  const keys = await ctx.sso.keys.saml();
  const jwksUri = `${ctx.address.origin()}${OIDC_JWKS_PATH}`;
  return {
    oidc: oidc
      ? (({ clientSecret, ...settings }: OidcConnection) => ({
          ...settings,
          // The secret's last characters only: which one is kept, never the secret.
          secretHint: clientSecret ? `…${clientSecret.slice(-4)}` : '',
          jwksUri: settings.clientAuth === 'private_key_jwt' ? jwksUri : null,
        }))(oidc)
      : null,
    saml: saml
      ? {
          ...saml,
          certificates: saml.certificates.map(certificateWords),
          // Kept as words (a code), told in the admin's language.
          metadataProblem: saml.metadataProblem && toldStored(saml.metadataProblem),
        }
      : null,
    policy: await ctx.sso.policy(),
    redirectUri: `${ctx.address.origin()}${OIDC_CALLBACK_PATH}`,
    serviceProvider: {
      ...serviceProviderOf(ctx.address.origin()),
      signingCertificate: certificateWords(keys.signing.certificate),
      encryptionCertificate: certificateWords(keys.encryption.certificate),
    },
    jwksUri,
    lastTest: ((test) => test && { ...test, refusal: test.refusal && toldStored(test.refusal) })(
      await ctx.sso.lastTest(),
    ),
  };
}

/** A group map as the audit trail and a held change say it: "finance-team: Finance". */
const groupWords = (roleMap: readonly GroupRoles[]) =>
  roleMap.map((m) => `${m.group}${m.label ? ` (${m.label})` : ''}: ${englishRoles(m.roles)}`);

/**
 * Refuses domains the other protocol's provider covers already (one provider per address),
 * naming the field; undefined when none is taken.
 */
async function refuseTakenDomains(
  sso: Pick<SsoStore, 'saml' | 'oidc'>,
  request: FastifyRequest,
  reply: FastifyReply,
  protocol: 'oidc' | 'saml',
  domains: readonly string[],
) {
  const other = protocol === 'oidc' ? await sso.saml() : await sso.oidc();
  const taken = domains.find((d) => other?.domains.includes(d));
  if (!taken) return undefined;
  // The other protocol's provider covers it.
  const provider = protocol === 'oidc' ? 'saml' : 'oidc';
  return invalidInput(request, reply, said(REFUSED.domainTaken, { provider, domain: taken }), [
    { field: 'domains', message: wordsCode(FIELD.domainTaken, { provider, domain: taken }) },
  ]);
}

/** The OpenID client as it talks to the provider: with the dashboard's key for private_key_jwt. */
export async function withClientKey<T extends OidcClientSettings>(
  ctx: Pick<DashboardContext, 'sso'>,
  settings: T,
): Promise<T> {
  if (settings.clientAuth !== 'private_key_jwt') return settings;
  const key = await ctx.sso.keys.oidc();
  return { ...settings, clientKey: { privateKey: key.privateKey, kid: key.publicJwk.kid! } };
}

export const ssoRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  route(app, E.getSso, async () => settingsOf(ctx));

  const oidcClient = <T extends OidcClientSettings>(settings: T) => withClientKey(ctx, settings);

  route(app, E.setOidc, async ({ request, reply, body }) => {
    const before = await ctx.sso.oidc();
    const usesSecret = body.clientAuth === 'client_secret_post';
    const clientSecret = usesSecret ? body.clientSecret || before?.clientSecret : '';
    const invalid = (field: string, message: string) =>
      invalidInput(request, reply, said(REFUSED.ssoInvalid), [{ field, message }]);
    if (usesSecret && !clientSecret) return invalid('clientSecret', wordsCode(FIELD.firstTime));
    const tenant = body.tenant.toLowerCase();
    if (body.preset === 'entra' && !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/.test(tenant))
      return invalid('tenant', wordsCode(FIELD.entraTenant));
    if (body.preset === 'entra' && !body.issuer.toLowerCase().includes(`/${tenant}/`))
      return invalid(
        'issuer',
        wordsCode(FIELD.entraIssuer, {
          issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
        }),
      );
    if (body.preset === 'google' && !body.domains.includes(tenant))
      return invalid('tenant', wordsCode(FIELD.googleDomain));
    const settings = { ...body, tenant, clientSecret: clientSecret ?? '' };
    const taken = await refuseTakenDomains(ctx.sso, request, reply, 'oidc', body.domains);
    if (taken) return taken;
    // The provider is asked before anything is kept: an issuer that does not answer as one is
    // refused here, not at the next person's sign-in.
    try {
      await configurationOf(await oidcClient(settings));
    } catch (error) {
      await audit(request, {
        action: E.setOidc.audit,
        outcome: 'refused',
        target: body.issuer,
        details: { reason: 'discovery failed', error: errorWords(error) },
      });
      return problem(request, reply, {
        status: 502,
        code: 'UPSTREAM_UNAVAILABLE',
        detail: said(REFUSED.noOpenIdProvider, { issuer: body.issuer }),
        errors: [{ field: 'issuer', message: wordsCode(FIELD.notOpenIdProvider) }],
      });
    }
    const details = {
      preset: body.preset,
      clientId: body.clientId,
      clientAuth: body.clientAuth,
      secretChanged: usesSecret && Boolean(body.clientSecret),
      tenant: tenant || null,
      groupsClaim: body.groupsClaim,
      domains: body.domains,
      groups: groupWords(body.roleMap),
    };
    // The provider's groups give roles, so its settings are a change of who may do what: with
    // two or more admins a second one approves them first, as roles (docs/decisions/042).
    if (await ctx.controlChanges.fourEyes()) {
      const { clientSecret: secret, ...open } = settings;
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'setSingleSignOn',
        payload: { ...open, clientSecretSealed: ctx.sso.sealPending(secret) },
        summary: saidData(CHANGE.oidc, {
          issuer: body.issuer,
          domains: body.domains.join(', '),
          groups: details.groups.join('; '),
        }),
        audit: { action: E.setOidc.audit, target: body.issuer, details },
      });
    }
    await ctx.sso.setOidc(settings, request.signedIn!.user.email);
    await audit(request, { action: E.setOidc.audit, outcome: 'ok', target: body.issuer, details });
    return settingsOf(ctx);
  });

  route(app, E.setSaml, async ({ request, reply, body }) => {
    // The metadata as pasted, or fetched from its URL through the outbound guard, or (neither
    // given) as saved, with where it came from.
    const field = body.metadataUrl ? 'metadataUrl' : 'metadataXml';
    const before = await ctx.sso.saml();
    let metadata;
    let metadataUrl = body.metadataUrl ?? null;
    try {
      if (body.metadataUrl) metadata = await fetchIdpMetadata(body.metadataUrl);
      else if (body.metadataXml) metadata = parseIdpMetadata(body.metadataXml);
      else if (before) {
        metadata = before;
        metadataUrl = before.metadataUrl;
      } else throw new XmlRefused(REFUSED.metadataRequired);
    } catch (error) {
      if (!(error instanceof XmlRefused)) throw error;
      await audit(request, {
        action: E.setSaml.audit,
        outcome: 'refused',
        details: { reason: error.message },
      });
      return invalidInput(request, reply, error.told, [{ field, message: error.told }]);
    }
    const taken = await refuseTakenDomains(ctx.sso, request, reply, 'saml', body.domains);
    if (taken) return taken;
    const settings = {
      entityId: metadata.entityId,
      entryPoint: metadata.entryPoint,
      certificates: metadata.certificates,
      signsRequests: metadata.signsRequests,
      logoutUrl: metadata.logoutUrl,
      preset: body.preset,
      metadataUrl,
      metadataFetchedAt: body.metadataUrl
        ? ctx.now()
        : metadataUrl
          ? (before?.metadataFetchedAt ?? null)
          : null,
      metadataProblem: body.metadataUrl || !metadataUrl ? null : (before?.metadataProblem ?? null),
      emailAttribute: body.emailAttribute,
      nameAttribute: body.nameAttribute,
      groupsAttribute: body.groupsAttribute,
      allowIdpInitiated: body.allowIdpInitiated,
      domains: body.domains,
      roleMap: body.roleMap,
    };
    const details = {
      preset: body.preset,
      entityId: metadata.entityId,
      entryPoint: metadata.entryPoint,
      metadataUrl,
      certificates: metadata.certificates.length,
      signsRequests: metadata.signsRequests,
      emailAttribute: body.emailAttribute || 'NameID',
      nameAttribute: body.nameAttribute || null,
      groupsAttribute: body.groupsAttribute,
      allowIdpInitiated: body.allowIdpInitiated,
      domains: body.domains,
      groups: groupWords(body.roleMap),
    };
    if (await ctx.controlChanges.fourEyes())
      return holdForSecondAdmin(ctx.controlChanges, request, {
        kind: 'setSingleSignOn',
        payload: { protocol: 'saml', ...settings },
        summary: saidData(body.allowIdpInitiated ? CHANGE.samlStartedThere : CHANGE.saml, {
          entityId: metadata.entityId,
          domains: body.domains.join(', '),
          groups: details.groups.join('; '),
        }),
        audit: { action: E.setSaml.audit, target: metadata.entityId, details },
      });
    await ctx.sso.setSaml(settings, request.signedIn!.user.email);
    await audit(request, {
      action: E.setSaml.audit,
      outcome: 'ok',
      target: metadata.entityId,
      details,
    });
    return settingsOf(ctx);
  });

  /** After a provider's removal: without any left, nobody can be held to single sign-on. */
  async function removed(request: FastifyRequest, action: string, target: string | null) {
    const policy = await ctx.sso.policy();
    if (policy.ssoRequired && !(await ctx.sso.hasProvider()))
      await ctx.sso.setPolicy({ ...policy, ssoRequired: false }, request.signedIn!.user.email);
    await audit(request, { action, outcome: 'ok', target });
    return settingsOf(ctx);
  }

  route(app, E.removeSaml, async ({ request }) => {
    const before = await ctx.sso.saml();
    await ctx.sso.removeSaml();
    return removed(request, E.removeSaml.audit, before?.entityId ?? null);
  });

  route(app, E.removeOidc, async ({ request }) => {
    const before = await ctx.sso.oidc();
    await ctx.sso.removeOidc();
    return removed(request, E.removeOidc.audit, before?.issuer ?? null);
  });

  route(app, E.setSignInPolicy, async ({ request, reply, body }) => {
    const conflict = async (words: Words, values?: Record<string, string>) => {
      const detail = said(words, values);
      await audit(request, {
        action: E.setSignInPolicy.audit,
        outcome: 'refused',
        details: { reason: detail },
      });
      return problem(request, reply, { status: 409, code: 'SSO_POLICY_REFUSED', detail });
    };
    const policy: SignInPolicy = {
      ...body,
      breakGlass: [...new Set(body.breakGlass.map((e) => e.toLowerCase()))],
    };
    for (const email of policy.breakGlass) {
      const person = await ctx.workspace.userByEmail(email);
      if (
        !person ||
        person.disabledAt !== null ||
        !hasRole(person.roles, WORKSPACE_ROLES.administer)
      )
        return conflict(REFUSED.notBreakGlass, { email });
    }
    if (policy.ssoRequired) {
      if (!(await ctx.sso.hasProvider())) return conflict(REFUSED.providerFirst);
      if (policy.breakGlass.length === 0) return conflict(REFUSED.breakGlassNeeded);
    }
    await ctx.sso.setPolicy(policy, request.signedIn!.user.email);
    await audit(request, {
      action: E.setSignInPolicy.audit,
      outcome: 'ok',
      details: {
        ssoRequired: policy.ssoRequired,
        breakGlass: policy.breakGlass,
        sessionHours: policy.sessionHours,
        idleMinutes: policy.idleMinutes,
      },
    });
    return settingsOf(ctx);
  });
};

/** The admin's side of provisioning (src/api/scim.ts): the token, made once and rotated. */
export const scimAdminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const settings = async (): Promise<ScimSettings> => ({
    baseUrl: `${ctx.address.origin()}${SCIM_PREFIX}`,
    token: (await ctx.scim.token()) ?? null,
  });

  route(app, S.getScim, async () => settings());

  route(app, S.makeScimToken, async ({ request }) => {
    const before = await ctx.scim.token();
    const { id, secret } = await ctx.scim.makeToken(request.signedIn!.user.email);
    await audit(request, {
      action: S.makeScimToken.audit,
      outcome: 'ok',
      target: id,
      details: before ? { replaced: before.id } : null,
    });
    return { ...(await settings()), secret };
  });

  route(app, S.revokeScimToken, async ({ request }) => {
    const before = await ctx.scim.token();
    await ctx.scim.revokeTokens();
    await audit(request, {
      action: S.revokeScimToken.audit,
      outcome: 'ok',
      target: before?.id ?? null,
    });
    return settings();
  });
};
