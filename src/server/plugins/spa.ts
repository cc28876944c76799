import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import {
  brotliCompressSync,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  type Gzip,
  gzipSync,
} from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replyProblem } from '#/http/problem-reply';
import { SANDBOX_PREFIX } from '../context';
import { PROBLEMS } from '../request';
import { contentSecurityPolicy, newNonce } from '../security';
import { loadAssets, sendAsset } from '../assets';
import { preferredEncoding } from '../encoding';
import {
  preloadFor,
  preloadTags,
  readManifest,
  routePreloads,
  STYLES_SLOT,
  stylesFirst,
} from '../page-preloads';
import { sessionInfo } from './session-routes';
import { loadPageDrawer, type PageDrawer } from '../page-drawer';
import { catalogChunk } from '../page-language';
import { answerLanguage } from '../words';

/** The built SPA: hashed assets with long caching, and index.html for every other page. */
export function registerSpa(app: FastifyInstance, distDir: string, drawBudgetMs?: number) {
  const indexFile = path.join(distDir, 'index.html');
  let template: string | undefined;
  const readTemplate = () => {
    if (template === undefined && fs.existsSync(indexFile))
      template = inlineHeadScripts(stylesFirst(fs.readFileSync(indexFile, 'utf8')), distDir);
    return template;
  };
  const manifest = readManifest(distDir);
  const routes = manifest ? routePreloads(manifest) : [];
  const signInRoute = routes.find((r) => r.route === 'sign-in');
  // The server's first paint of signed-in pages (docs/decisions/059), when the build made it.
  // Loaded once the server listens (loading it takes about a second, which the start need not
  // wait for), or by the first signed-in page asked for before, which waits for it.
  let drawerLoaded: Promise<PageDrawer | undefined> | undefined;
  const pageDrawer = () => (drawerLoaded ??= loadPageDrawer(distDir, app.log, drawBudgetMs));
  app.addHook('onListen', (done) => {
    void pageDrawer();
    done();
  });

  /**
   * What the page adds to its head so that nothing waits on the entry script (decision 022):
   * the session as GET /api/session would answer it, and the files of the route the path
   * shows (the sign-in page's when a signed-in page is asked for without a session); and for a
   * signed-in page the server can draw (docs/decisions/059), how to draw it.
   */
  const pageParts = async (
    request: FastifyRequest,
    nonce: string,
  ): Promise<{
    styles: string;
    head: string;
    language: string;
    draw?: () => Promise<string>;
  }> => {
    let session: Awaited<ReturnType<typeof sessionInfo>>;
    let language;
    try {
      session = await sessionInfo(app.dashboard, request);
      language = answerLanguage(
        session.signedIn ? session.user.language : null,
        request.headers['accept-language'],
      );
    } catch (error) {
      request.log.warn({ err: error }, 'page: the session was not put in the page');
      return { styles: '', head: '', language: 'en' };
    }
    const pathname = request.url.split('?')[0]!;
    const matched = preloadFor(routes, pathname);
    const route = matched?.signedIn && !session.signedIn ? signInRoute : matched;
    // The page's words come with its files: the catalog of its language (decision 091).
    const catalog = catalogChunk(manifest, language, session.signedIn ? 'app' : 'start');
    const { styles, scripts } = preloadTags([
      ...(route?.files ?? []),
      ...(catalog ? [catalog] : []),
    ]);
    const sessionBlock = jsonBlock('session-info', nonce, session);
    const undrawn = { styles, head: scripts + sessionBlock, language };
    if (!session.signedIn || !matched?.signedIn || request.method !== 'GET') return undrawn;
    const drawer = await pageDrawer();
    if (!drawer) return undrawn;
    // The page paints without its scripts: their preloads would be asked for before its styles
    // (the browser opens six connections), so the route's are left to the router.
    return {
      styles,
      head: sessionBlock,
      language,
      draw: async () => {
        // Taken before the page's data is read: a change pushed after it makes the page read
        // its data again.
        const mark = app.dashboard.live.mark();
        const drawn = await drawer(request, session, nonce, language);
        return drawn
          ? drawn.html + jsonBlock('page-data', nonce, { state: drawn.state, mark })
          : '';
      },
    };
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
    const parts = await pageParts(request, nonce);
    // A page the server draws paints from its HTML and styles alone: its scripts are asked for
    // after those (docs/decisions/059).
    const [before, after] = (parts.draw ? scriptsLater(html) : html)
      .replaceAll('__CSP_NONCE__', nonce)
      .replace(/<html(?: lang="[^"]*")?/, () => `<html lang="${parts.language}"`)
      .replace(STYLES_SLOT, () => parts.styles)
      .replace('</head>', () => `${parts.head}</head>`)
      .split(ROOT) as [string, string];
    // Pages are answered from the not-found handler, which the compression plugin skips: the
    // page (with its fresh nonce) is compressed here, as the browser accepts.
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if (!parts.draw) return reply.send(compressed(encoding, `${before}${ROOT}${after}`));
    // Drawn: the head goes at once, so that the browser fetches the styles while the server
    // draws the page; the page follows.
    const out = compressing(encoding);
    out.write(`${before}<div id="root">`);
    if ('flush' in out) (out as Gzip).flush();
    // A drawing that fails leaves the root empty: the browser draws the page, as before.
    void parts
      .draw()
      .catch(() => '')
      .then((body) => out.end(`${body}</div>${after}`));
    return reply.send(out);
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

const ROOT = '<div id="root"></div>';
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** A whole page, compressed as the browser accepts. */
function compressed(encoding: 'br' | 'gzip' | undefined, page: string): Buffer {
  const bytes = Buffer.from(page);
  if (encoding === 'br') return brotliCompressSync(bytes, BROTLI);
  if (encoding === 'gzip') return gzipSync(bytes);
  return bytes;
}

/** A page sent in parts, compressed as the browser accepts: a part flushed goes out at once. */
function compressing(encoding: 'br' | 'gzip' | undefined): Transform {
  if (encoding === 'br') return createBrotliCompress(BROTLI);
  if (encoding === 'gzip') return createGzip();
  return new PassThrough();
}

/** Data for the page's script, in a JSON block: only "</script" could end it early, and every
 * "<" is escaped. */
function jsonBlock(id: string, nonce: string, data: unknown): string {
  const text = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${id}" nonce="${nonce}">${text}</script>`;
}

/**
 * The page's small classic scripts (`/color-scheme.js`, which sets light or dark before the first
 * paint; `/held-input.js`) written into the page with its nonce instead of fetched: the browser
 * stops reading the page until such a script has run, so a fetch of one held back every first
 * paint (docs/decisions/059).
 */
function inlineHeadScripts(template: string, distDir: string): string {
  return template.replace(/<script src="\/([\w-]+\.js)"><\/script>/g, (tag, name: string) => {
    const file = path.join(distDir, name);
    if (!fs.existsSync(file)) return tag;
    const code = fs.readFileSync(file, 'utf8').replaceAll('</script', '<\\/script');
    return `<script nonce="__CSP_NONCE__">${code}</script>`;
  });
}

/**
 * A drawn page's scripts: the entry alone, at low priority, without the preloads of its imports
 * (it finds them itself once it arrives). With six connections to the server, their preloads were
 * fetched with the page's styles and held back its first paint.
 */
function scriptsLater(template: string): string {
  return template
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<script type="module"', '<script type="module" fetchpriority="low"');
}
