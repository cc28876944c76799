// SAML's own endpoints (docs/decisions/053), outside /api: the identity provider posts its
// response to the assertion consumer service from another site (no CSRF header, a form body),
// and fetches this service provider's metadata. The response is checked before node-saml reads
// it (no DTD, entities or comments), then by it (signature, issuer, audience, recipient, time,
// InResponseTo), then once more here (never the same assertion twice); the sign-in ends as every
// single sign-on does (../sso/sign-in.ts).
import type { FastifyPluginAsync } from 'fastify';
import { ReturnTo } from '#/api/sso-start';
import {
  assertionLife,
  checkedResponseXml,
  checkResponseLetter,
  SAML_PATHS,
  samlOf,
  serviceProviderMetadata,
  serviceProviderOf,
} from '../sso/saml';
import { XmlRefused } from '../sso/saml-metadata';
import { completeSignIn, errorWords, refuseSso } from '../sso/sign-in';

/** A SAML response is a few kilobytes; a form body beyond this is refused. */
const MAX_FORM_BYTES = 512 * 1024;

export const samlRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'SAML request failed');
    return reply
      .code(status >= 500 ? 500 : status)
      .type('text/plain; charset=utf-8')
      .send(
        status === 413 ? 'The SAML response is too large.' : 'The SAML request could not be read.',
      );
  });

  app.get(SAML_PATHS.metadata, async (_request, reply) =>
    reply
      .type('application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', 'inline; filename="partner-dashboard-saml.xml"')
      .send(await serviceProviderMetadata(serviceProviderOf(ctx.address.origin()))),
  );

  app.post(SAML_PATHS.acs, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const saml = await ctx.sso.saml();
    if (!saml) return refuseSso(request, reply, 'NOT_SET_UP', { protocol: 'saml' });
    const provider = saml.entityId;
    if (!form.SAMLResponse)
      return refuseSso(request, reply, 'FAILED', { provider, reason: 'no SAMLResponse' });
    try {
      const xml = checkedResponseXml(form.SAMLResponse);
      checkResponseLetter(xml, {
        issuer: saml.entityId,
        acsUrl: serviceProviderOf(ctx.address.origin()).acsUrl,
      });
    } catch (error) {
      if (!(error instanceof XmlRefused)) throw error;
      return refuseSso(request, reply, 'FAILED', { provider, reason: error.message });
    }
    let profile;
    try {
      const sp = await samlOf(serviceProviderOf(ctx.address.origin()), saml, ctx.sso.samlRequests);
      ({ profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
    } catch (error) {
      return refuseSso(request, reply, 'FAILED', { provider, error: errorWords(error) });
    }
    if (!profile) return refuseSso(request, reply, 'FAILED', { provider, reason: 'no profile' });
    // Never the same assertion twice, on any server sharing the database.
    const assertionXml = profile.getAssertionXml?.();
    let life;
    try {
      life = assertionLife(assertionXml ?? '', serviceProviderOf(ctx.address.origin()).acsUrl);
    } catch (error) {
      return refuseSso(request, reply, 'FAILED', { provider, error: errorWords(error) });
    }
    if (!(await ctx.sso.useAssertion(`${provider} ${life.id}`, life.notOnOrAfter)))
      return refuseSso(request, reply, 'EXPIRED', { provider, reason: 'assertion replayed' });
    const attribute = (name: string) => {
      const value = profile[name];
      return typeof value === 'string' ? value : undefined;
    };
    const nameId = profile.nameID;
    const email =
      attribute('email') ??
      attribute('mail') ??
      attribute('urn:oid:0.9.2342.19200300.100.1.3') ??
      (nameId.includes('@') ? nameId : undefined);
    const returnTo = ReturnTo.parse(form.RelayState || undefined);
    return completeSignIn(app.dashboard, request, reply, {
      protocol: 'saml',
      provider,
      subject: nameId,
      email,
      emailVerified: undefined,
      name: attribute('displayName') ?? attribute('name'),
      groups: profile[saml.groupsAttribute],
      connection: saml,
      returnTo,
    });
  });
};
