// Assets go out precompressed as the browser accepts (brotli, gzip, or as they are) with
// immutable caching; large answers of the API and pages are compressed on the way; small ones
// are not worth it.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDist } from '../../scripts/compress-dist';
import { preferredEncoding } from './encoding';
import { rawGet, startTestDashboard, testDist, type TestDashboard } from './testing';

let t: TestDashboard;
let cookie: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});\n`;

beforeAll(async () => {
  const distDir = testDist();
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(distDir, 'assets', 'tiny-abc123.js'), 'void 0;\n');
  expect((await compressDist(distDir)).count).toBe(2);
  t = await startTestDashboard({ distDir });
  cookie = (await t.signIn('finance@demo.example')).cookie;
});
afterAll(() => t.close());

/** The raw answer, bytes as they travelled, as this cookie and encoding ask. */
const get = (url: string, encoding?: string) =>
  rawGet(`${t.base}${url}`, { cookie, 'accept-encoding': encoding ?? 'identity' });

describe('compression', () => {
  it('sends the build’s brotli or gzip copy of an asset, or the asset itself', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThanOrEqual(brotliCompressSync(SCRIPT).length);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses a large API answer on its way to the browser, and leaves a small one alone', async () => {
    const list = await get('/api/v1/country/', 'br');
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const countries = JSON.parse(brotliDecompressSync(list.body).toString()) as unknown[];
    expect(countries.length).toBeGreaterThan(100);
    expect(list.body.length).toBeLessThan(JSON.stringify(countries).length / 3);
    const gz = await get('/api/v1/country/', 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).length).toBeGreaterThan(1024);
    const small = await get('/api/session', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses each page with its fresh nonce, as the browser accepts', async () => {
    const br = await get('/merchants', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(br.body).toString();
    const nonce = /content="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(br.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    const gz = await get('/sign-in', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('SPA');
    expect((await get('/sign-in', 'identity')).body.toString()).toContain('SPA');
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
