import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyProblem } from '#/http/problem-reply';
import { SANDBOX_PREFIX } from '../context';
import { PROBLEMS } from '../request';
import { contentSecurityPolicy, newNonce } from '../security';
import { loadAssets, sendAsset } from '../assets';
import { preferredEncoding } from '../encoding';
import { preloadFor, preloadTags, readManifest, routePreloads } from '../page-preloads';
import { sessionInfo } from './session-routes';

/** The built SPA: hashed assets with long caching, and index.html for every other page. */
export function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let template: string | undefined;
  const readTemplate = () => {
    if (template === undefined && fs.existsSync(indexFile))
      template = fs.readFileSync(indexFile, 'utf8');
    return template;
  };
  const manifest = readManifest(distDir);
  const routes = manifest ? routePreloads(manifest) : [];
  const signInRoute = routes.find((r) => r.route === 'sign-in');

  /**
   * What the page adds to its head so that nothing waits on the entry script (decision 022):
   * the session as GET /api/session would answer it, and the files of the route the path
   * shows (the sign-in page's when a signed-in page is asked for without a session).
   */
  const headExtras = async (request: FastifyRequest, nonce: string): Promise<string> => {
    let session: Awaited<ReturnType<typeof sessionInfo>>;
    try {
      session = await sessionInfo(request.server.dashboard, request);
    } catch (error) {
      request.log.warn({ err: error }, 'page: the session was not put in the page');
      return '';
    }
    const pathname = request.url.split('?')[0]!;
    const matched = preloadFor(routes, pathname);
    const route = matched?.signedIn && !session.signedIn ? signInRoute : matched;
    // In a JSON data block, only "</script" could end it early: every "<" is escaped.
    const data = JSON.stringify(session).replaceAll('<', '\\u003c');
    return (
      preloadTags(route?.files ?? []) +
      `<script type="application/json" id="session-info" nonce="${nonce}">${data}</script>`
    );
  };
  // Hashed assets from memory; the few other files of the build (favicon, the colour-scheme
  // script) from the disk, asked again each time. Both sent as the copies the build compressed.
  const assets = loadAssets(path.join(distDir, 'assets'));
  app.get('/assets/*', { compress: false }, (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    return sendAsset(assets, name, request, reply) ?? reply.callNotFound();
  });
  if (fs.existsSync(distDir)) {
    void app.register(fastifyStatic, {
      root: path.resolve(distDir),
      index: false,
      wildcard: false,
      globIgnore: ['assets/**', '.vite/**'],
      preCompressed: true,
      setHeaders: (reply) => {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = readTemplate();
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built yet: run npm run build.');
    }
    const nonce = newNonce();
    reply
      .header('content-security-policy', contentSecurityPolicy(nonce))
      // The page carries who is signed in: never kept by a cache.
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8');
    // Pages are answered from the not-found handler, which the compression plugin skips: the
    // page (with its fresh nonce) is compressed here, as the browser accepts.
    const extras = await headExtras(request, nonce);
    const page = Buffer.from(
      html.replaceAll('__CSP_NONCE__', nonce).replace('</head>', `${extras}</head>`),
    );
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding === 'br')
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
    return reply.send(page);
  };
  // The SPA's own /sandbox page; the sandbox API lives below it (/sandbox/v1, /sandbox/docs).
  app.get(SANDBOX_PREFIX, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const mine = url === '/api' || url.startsWith('/api/') || url.startsWith(`${SANDBOX_PREFIX}/`);
    const page = !mine && !url.startsWith('/assets/');
    if (page && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(request, reply);
    }
    if (page) {
      return replyProblem(request, reply, PROBLEMS, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        detail: `Pages of the dashboard take GET and HEAD, not ${request.method}.`,
        headers: { allow: 'GET, HEAD' },
      });
    }
    return replyProblem(request, reply, PROBLEMS, {
      status: 404,
      code: 'NOT_FOUND',
      detail: `There is nothing at ${request.method} ${url}.`,
    });
  });
}
