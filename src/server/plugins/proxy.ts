// `/api/v1/*`: the partner's API, called for a signed-in person with the environment's stored
// credentials. The money controls (../controls, docs/decisions/025) give their verdict on every
// call first: refused, held for more approvers, or sent (perhaps rewritten); the proxy applies
// it, keeps the local index and the notes up to date, and audits every state-changing call and
// every refusal.
import type { FastifyPluginAsync } from 'fastify';
import { requireSignIn } from '../request';
import { PROXY_BODY_LIMIT, proxyHelpers } from './proxy-helpers';
import { proxyRoute } from './proxy-route';

export const proxyRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  // Refused before a byte of the body is read: no session, no work (CSRF is checked above).
  app.addHook('onRequest', requireSignIn);
  const helpers = proxyHelpers(app);
  proxyRoute(app, helpers);
};
