// After `vite build`: the first load of the sign-in page (entry, its static imports, the sign-in
// route's chunks and all their CSS, and the start pages' catalog of the language whose catalog
// is largest, decision 091), in gzip bytes. Fails the build above the budget.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkClosure, readManifest } from '../src/server/page-preloads';
import { LANGUAGES } from '../src/i18n/languages';

export const FIRST_LOAD_BUDGET = 190 * 1024;

export function firstLoad(distDir: string, route = 'src/routes/sign-in.tsx') {
  const manifest = readManifest(distDir);
  if (!manifest) throw new Error(`No build manifest in ${distDir}: run vite build first.`);
  const keys = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key.startsWith(`${route}?`))
    .map(([key]) => key);
  // The page loads one language's words: the largest of them counts.
  const catalogs = LANGUAGES.map((language) => manifest[`src/locales/${language}/start.po`]?.file)
    .filter((file) => file !== undefined)
    .map((file) => ({ file, gzip: gzipSync(fs.readFileSync(path.join(distDir, file))).length }))
    .sort((a, b) => b.gzip - a.gzip);
  const files = [...chunkClosure(manifest, keys), ...catalogs.slice(0, 1).map((c) => c.file)];
  const rows = [...files].map((file) => {
    const data = fs.readFileSync(path.join(distDir, file));
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  return { rows: rows.sort((a, b) => b.gzip - a.gzip), total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, total } = firstLoad('dist');
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nFirst load of the sign-in page (JS and CSS, gzip):');
  for (const r of rows.slice(0, 8)) console.log(`  ${kb(r.gzip).padStart(9)}  ${r.file}`);
  if (rows.length > 8) console.log(`  … and ${rows.length - 8} smaller files`);
  console.log(`  ${kb(total).padStart(9)}  total (${total} B), budget ${kb(FIRST_LOAD_BUDGET)}\n`);
  if (total > FIRST_LOAD_BUDGET) {
    console.error('The first load is over budget.');
    process.exit(1);
  }
}
