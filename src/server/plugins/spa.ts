import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyProblem } from '../../http/problem-reply';
import { PROBLEMS, SANDBOX_PREFIX } from '../context';
import { contentSecurityPolicy, newNonce } from '../security';

/** br, else gzip, when the Accept-Encoding header allows it (a q of 0 refuses). */
export function preferredEncoding(
  header: string | string[] | undefined,
): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}

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
      // The build writes .br and .gz beside each asset: sent as the browser accepts, no work here.
      preCompressed: true,
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
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
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
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    // Pages are answered from the not-found handler, which the compression plugin skips: the
    // page (with its fresh nonce) is compressed here, as the browser accepts.
    const page = Buffer.from(html.replaceAll('__CSP_NONCE__', nonce));
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
