// The last step of `npm run build`: the dashboard server compiled to one JavaScript module
// (dist-server/main.mjs, packages left to node_modules; the sandbox alone beside it), so that `npm start` runs plain Node with
// no TypeScript loader; the server's catalogs beside it; then the record of what this build was
// made from (build-inputs.mjs).
import fs from 'node:fs';
import { build } from 'esbuild';
import { buildDigest, STAMP_FILE } from './build-inputs.mjs';

const started = Date.now();
await build({
  // The dashboard (npm start), and the sandbox alone as the bench runs it.
  entryPoints: {
    main: 'src/server/main.ts',
    sandbox: 'src/sandbox/cli.ts',
    // The people and settings CLI (npm run dashboard), for a container that has no sources.
    cli: 'src/server/cli.ts',
  },
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The server's words (decision 091), read beside the built server: dist-server/locales.
for (const language of fs.readdirSync('src/locales')) {
  const file = `src/locales/${language}/server.po`;
  if (!fs.existsSync(file)) continue;
  fs.mkdirSync(`dist-server/locales/${language}`, { recursive: true });
  fs.copyFileSync(file, `dist-server/locales/${language}/server.po`);
}
fs.writeFileSync(STAMP_FILE, `${buildDigest()}\n`);
console.log(`Compiled the server to dist-server/main.mjs (${Date.now() - started} ms).`);
