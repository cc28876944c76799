// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text asset, at the
// highest levels, so the server sends them as the browser accepts without compressing
// anything per request (docs/decisions/021). index.html is not among them: the server writes a
// fresh nonce into it per request and compresses it then.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name)) yield full;
  }
}

export async function compressDist(distDir: string) {
  let raw = 0;
  let br = 0;
  let count = 0;
  await Promise.all(
    [...files(distDir)].map(async (file) => {
      const data = fs.readFileSync(file);
      const [b, g] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, b);
      fs.writeFileSync(`${file}.gz`, g);
      raw += data.length;
      br += b.length;
      count++;
    }),
  );
  return { count, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { count, raw, br } = await compressDist('dist');
  console.log(
    `Precompressed ${count} assets: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli (${Date.now() - started} ms).`,
  );
}
