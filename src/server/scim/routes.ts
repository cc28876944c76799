// SCIM 2.0 provisioning at /scim/v2 (RFC 7643 and 7644, docs/decisions/052): the company's
// directory makes, changes, deactivates and deletes people and groups with the bearer token an
// admin made. A person's roles follow the groups the directory puts them in, through the same
// map as single sign-on (decision 051); deactivation ends their sessions at once and their
// approvals stop counting. Every change is audited with the token that made it; every error is
// in SCIM's own format, never a 5xx for what was sent.
import type { FastifyPluginAsync } from 'fastify';
import { SCIM_MAX_BODY_BYTES, SCIM_MEDIA_TYPE } from '#/api/scim';
import { audit } from '../request';
import { ScimFilterError } from './filter';
import { ScimPatchError } from './patch';
import { SCIM_PREFIX, scimError, ScimRefusal, scimHelpers } from './route-helpers';
import { scimUserRoutes } from './user-routes';
import { scimGroupRoutes } from './group-routes';
import { scimDiscoveryRoutes } from './discovery-routes';

export { SCIM_PREFIX } from './route-helpers';

export const scimRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const scim = ctx.scim;

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: 'string', bodyLimit: SCIM_MAX_BODY_BYTES },
    (request, body, done) => {
      if (body.toString().trim() === '') return done(null, undefined);
      parseJson(request, body.toString(), done);
    },
  );

  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status =
      error instanceof ScimRefusal
        ? error.status
        : error instanceof ScimFilterError || error instanceof ScimPatchError
          ? 400
          : (error.statusCode ?? 500);
    // What the directory sent and was refused is on the audit trail, with its token.
    if (status < 500 && status !== 404)
      await audit(request, {
        action: 'scim request',
        outcome: 'refused',
        target: `${request.method} ${request.url.split('?')[0]}`.slice(0, 200),
        details: { token: request.scimToken ?? null, status, reason: error.message.slice(0, 300) },
      });
    if (error instanceof ScimRefusal)
      return scimError(reply, error.status, error.message, error.scimType);
    if (error instanceof ScimFilterError)
      return scimError(reply, 400, error.message, 'invalidFilter');
    if (error instanceof ScimPatchError)
      return scimError(reply, 400, error.message, error.scimType);
    if (status === 413)
      return scimError(
        reply,
        413,
        `The body is larger than ${SCIM_MAX_BODY_BYTES / 1024 / 1024} MB.`,
      );
    if (status === 415)
      return scimError(reply, 415, `Send ${SCIM_MEDIA_TYPE} or application/json.`);
    if (status >= 400 && status < 500) return scimError(reply, 400, error.message, 'invalidSyntax');
    request.log.error({ err: error }, 'SCIM request failed');
    return scimError(reply, 500, 'The request could not be completed.');
  });
  app.setNotFoundHandler((request, reply) =>
    scimError(reply, 404, `There is nothing at ${request.method} ${request.url.split('?')[0]}.`),
  );

  // Every request shows its token: none, an unknown one or a revoked one is refused and audited.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization ?? '';
    const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const token = secret ? await scim.tokenFor(secret) : undefined;
    if (!token || token.revoked) {
      await audit(request, {
        action: 'scim request',
        outcome: 'refused',
        target: `${request.method} ${request.url.split('?')[0]}`.slice(0, 200),
        details: { reason: !secret ? 'no token' : token ? 'revoked token' : 'unknown token' },
      });
      reply.header('www-authenticate', 'Bearer realm="scim"');
      return scimError(reply, 401, 'A valid bearer token is required (Settings → Provisioning).');
    }
    request.scimToken = token.id;
    await scim.noteUse(token.id, `${request.method} ${request.url.replace(SCIM_PREFIX, '')}`);
  });

  const helpers = scimHelpers(app);
  scimUserRoutes(app, helpers);
  scimGroupRoutes(app, helpers);
  scimDiscoveryRoutes(app, helpers);
};
