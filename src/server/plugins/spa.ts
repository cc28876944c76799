import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyProblem } from '../../http/problem-reply';
import { PROBLEMS, SANDBOX_PREFIX } from '../context';
import { contentSecurityPolicy, newNonce } from '../security';

/** The built SPA: hashed assets with long caching, and index.html for every other page. */
export function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  let template: string | undefined;
  const readTemplate = () => {
    if (template === undefined && fs.existsSync(indexFile))
      template = fs.readFileSync(indexFile, 'utf8');
    return template;
  };
  if (fs.existsSync(distDir)) {
    void app.register(fastifyStatic, {
      root: path.resolve(distDir),
      index: false,
      wildcard: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) => {
    const html = readTemplate();
    if (!html) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The dashboard is not built yet: run npm run build.');
    }
    const nonce = newNonce();
    return reply
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replaceAll('__CSP_NONCE__', nonce));
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
