// A page carries what its first paint needs: the session as GET /api/session answers it, and
// the route's files named for the browser to fetch with the entry (decision 022). Hashed
// assets come from memory with their build-time copies and are cached for good.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../scripts/compress-dist';
import {
  type Manifest,
  preloadFor,
  preloadTags,
  routePreloads,
  STYLES_SLOT,
  stylesFirst,
} from './page-preloads';
import { browserFormats } from './page-drawer';
import { rawGet, startTestDashboard, testDist, type TestDashboard } from './testing';

const BUILT_PAGE = [
  '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__">',
  '<script src="/color-scheme.js"></script>',
  '<script type="module" crossorigin src="/assets/index-e1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-s1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
const COLOR_SCHEME = "document.documentElement.dataset.scheme = '</script>';";

// A build manifest shaped as Vite writes it for our routes.
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-s1.js' },
  '_table.js': {
    file: 'assets/table-t1.js',
    css: ['assets/table-t1.css'],
    imports: ['_shared.js'],
  },
  'src/routes/_app.tsx?tsr-split=component': {
    file: 'assets/_app-a1.js',
    css: ['assets/_app-a1.css'],
    imports: ['_shared.js'],
  },
  'src/routes/_app/index.tsx?tsr-split=component': { file: 'assets/home-h1.js' },
  'src/routes/_app/$.tsx?tsr-split=component': { file: 'assets/missing-m1.js' },
  'src/routes/_app/merchants/index.tsx?tsr-split=component': {
    file: 'assets/merchants-l1.js',
    imports: ['_table.js'],
  },
  'src/routes/_app/merchants/$id/index.tsx?tsr-split=component': { file: 'assets/merchant-d1.js' },
  'src/routes/_app/merchants/$id/index.tsx?tsr-split=notFoundComponent': { file: 'assets/nf.js' },
  'src/routes/_app/merchants/new.tsx?tsr-split=component': { file: 'assets/new-n1.js' },
  'src/routes/sign-in.tsx?tsr-split=component': { file: 'assets/sign-in-s1.js' },
};

describe('which route a path shows', () => {
  const routes = routePreloads(MANIFEST);
  const route = (p: string) => preloadFor(routes, p)?.route;

  it('prefers a static segment to a parameter, and anything to the catch-all', () => {
    expect(route('/merchants/new')).toBe('_app/merchants/new');
    expect(route('/merchants/42')).toBe('_app/merchants/$id/index');
    expect(route('/merchants')).toBe('_app/merchants/index');
    expect(route('/')).toBe('_app/index');
    expect(route('/no/such/page')).toBe('_app/$');
    expect(route('/sign-in')).toBe('sign-in');
  });

  it('names the layout’s and the route’s files with their imports, not the entry’s', () => {
    const merchants = preloadFor(routes, '/merchants')!;
    expect(merchants.signedIn).toBe(true);
    expect(merchants.files).toEqual([
      'assets/_app-a1.js',
      'assets/_app-a1.css',
      'assets/table-t1.js',
      'assets/table-t1.css',
      'assets/merchants-l1.js',
    ]);
    expect(preloadFor(routes, '/sign-in')).toMatchObject({
      signedIn: false,
      files: ['assets/sign-in-s1.js'],
    });
  });
});

let t: TestDashboard;
let cookie: string;
const SCRIPT = `console.log(${JSON.stringify('y'.repeat(3000))});\n`;

beforeAll(async () => {
  const distDir = testDist();
  // The built page's shape: a classic script and the entry before the entry's stylesheet.
  fs.writeFileSync(path.join(distDir, 'index.html'), BUILT_PAGE);
  fs.writeFileSync(path.join(distDir, 'color-scheme.js'), COLOR_SCHEME);
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'merchants-l1.js'), SCRIPT);
  await compressDist(distDir);
  t = await startTestDashboard({ distDir });
  cookie = (await t.signIn('finance@demo.example')).cookie;
});
afterAll(() => t.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const answer = await rawGet(`${t.base}${url}`, headers);
  return { ...answer, body: answer.body.toString() };
};

const sessionIn = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="session-info" nonce="[^"]+">(.*?)<\/script>/.exec(
      html,
    )![1]!,
  ) as Record<string, unknown>;

describe('the browser’s formats, as its page wrote them for the server', () => {
  it.each([
    ['de-DE Europe/Berlin', { locale: 'de-DE', timeZone: 'Europe/Berlin' }],
    ['en-US-u-ca-buddhist Etc/GMT+5', { locale: 'en-US-u-ca-buddhist', timeZone: 'Etc/GMT+5' }],
    ['fr-FR', { locale: 'fr-FR', timeZone: null }],
    [undefined, { locale: null, timeZone: null }],
    ['<script> "x"', { locale: null, timeZone: null }],
    [`${'a'.repeat(150)} UTC`, { locale: null, timeZone: 'UTC' }],
  ])('reads %j as a shape, nothing more', (cookie, expected) => {
    expect(browserFormats(cookie)).toEqual(expected);
  });
});

describe('the order of a page’s head', () => {
  it('puts the stylesheets before any script, with a slot for the page’s own after them', () => {
    const page = stylesFirst(BUILT_PAGE);
    const at = (text: string) => page.indexOf(text);
    expect(at('index-c1.css')).toBeGreaterThan(0);
    expect(at('index-c1.css')).toBeLessThan(at(STYLES_SLOT));
    expect(at(STYLES_SLOT)).toBeLessThan(at('<script'));
    expect(page.match(/index-c1\.css/g)).toHaveLength(1);
    // A page without scripts in its head gets the slot before the head ends.
    expect(stylesFirst('<html><head><title>x</title></head></html>')).toBe(
      `<html><head><title>x</title>${STYLES_SLOT}</head></html>`,
    );
  });

  it('names a route’s stylesheets apart from its scripts', () => {
    expect(preloadTags(['assets/a.js', 'assets/a.css', 'assets/b.js'])).toEqual({
      styles: '<link rel="stylesheet" crossorigin href="/assets/a.css">',
      scripts:
        '<link rel="modulepreload" crossorigin href="/assets/a.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/b.js">',
    });
  });

  it('serves the route’s stylesheets first and the colour-scheme script in the page, nonced', async () => {
    const page = await get('/merchants', { cookie });
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1]!;
    const policy = String(page.headers['content-security-policy']).split('; ');
    // Inline: the nonced script and style elements, and style attributes (a drawn page's).
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    expect(policy.filter((p) => p.includes('unsafe'))).toEqual(["style-src-attr 'unsafe-inline'"]);
    const at = (text: string) => page.body.indexOf(text);
    expect(at('href="/assets/_app-a1.css"')).toBeLessThan(at('<script'));
    expect(at('href="/assets/index-c1.css"')).toBeLessThan(at('<script'));
    expect(page.body).not.toContain('src="/color-scheme.js"');
    // Its code, nonced, and unable to end its own element early.
    expect(page.body).toContain(
      `<script nonce="${nonce}">document.documentElement.dataset.scheme = '<\\/script>';</script>`,
    );
  });
});

describe('a page’s head', () => {
  it('carries the signed-in session and the route’s files, and is never cached', async () => {
    const page = await get('/merchants', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const session = sessionIn(page.body);
    expect(session).toMatchObject({ signedIn: true, user: { email: 'finance@demo.example' } });
    const api = (await (await fetch(`${t.base}/api/session`, { headers: { cookie } })).json()) as {
      expiresAt: number;
    };
    expect({ ...session, expiresAt: api.expiresAt }).toEqual(api);
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/merchants-l1.js">',
    );
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/_app-a1.css">');
    expect(page.body.indexOf('session-info')).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('without a session, says so and names the sign-in page’s files instead', async () => {
    const page = await get('/merchants');
    expect(sessionIn(page.body)).toMatchObject({ signedIn: false });
    expect(page.body).toContain('href="/assets/sign-in-s1.js"');
    expect(page.body).not.toContain('merchants-l1.js');
    const ended = await get('/merchants', { cookie: 'session=not-a-session' });
    expect(sessionIn(ended.body)).toMatchObject({ signedIn: false });
  });

  it('cannot be broken out of by a name in the data', async () => {
    const { password } = await t.server.workspace.createUser({
      email: 'odd@demo.example',
      name: '</script><script>alert(1)</script>',
      roles: ['viewer'],
    });
    const { cookie: odd } = await t.signIn({ email: 'odd@demo.example', password });
    const page = await get('/', { cookie: odd });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(sessionIn(page.body)).toMatchObject({
      user: { name: '</script><script>alert(1)</script>' },
    });
  });
});

describe('hashed assets', () => {
  it('come from memory as the build compressed them, cached for good, 304 when unchanged', async () => {
    const br = await get('/assets/merchants-l1.js', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/merchants-l1.js');
    expect(plain.body).toBe(SCRIPT);
    const again = await get('/assets/merchants-l1.js', {
      'if-none-match': String(plain.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('an unknown one is a 404 problem, not a page', async () => {
    const missing = await get('/assets/nothing-here.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
