// Which source files feed each message catalog (docs/decisions/091), read by lingui.config.ts.
//
// - `start`: what a person who is not signed in reads (the sign-in and reset pages and whatever
//   they import). It is part of the sign-in page's first load, so it holds only those words; it
//   is worked out from the pages' imports, so a word added to a component they use is never
//   missing from it.
// - `app`: the signed-in dashboard, one catalog per language, loaded by the signed-in layout's
//   route before its first page shows; switching language loads this one chunk.
// - `server`: the dashboard server's own words (mails, chat, refusals' details, statements,
//   server-drawn pages), read from the .po files when the server starts.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The pages a person reads before signing in. */
export const SIGNED_OUT_ROUTES = [
  'src/routes/__root.tsx',
  'src/routes/sign-in.tsx',
  'src/routes/reset-password.tsx',
];

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('#/')) base = path.join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/** `entries` and every source file of ours they import, as paths from the repository's root. */
export function importClosure(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(ROOT, file)).sort();
}

/**
 * The contract's words the signed-out pages show: the demo people's roles, single sign-on's
 * refusals and the validation messages. The rest of the contract comes into the closure through
 * its shared modules (the endpoint table) but shows only after signing in.
 */
const CONTRACT_WORDS_SIGNED_OUT = [
  'src/api/roles.ts',
  'src/api/sso-refusals.ts',
  'src/api/validation-words.ts',
];

export const CATALOG_SOURCES: Record<string, string[]> = {
  start: importClosure(SIGNED_OUT_ROUTES).filter(
    (file) => !file.startsWith('src/api/') || CONTRACT_WORDS_SIGNED_OUT.includes(file),
  ),
  app: [
    'src/app',
    'src/components',
    'src/features',
    'src/lib',
    'src/routes',
    'src/api',
    'src/i18n',
  ],
  server: ['src/server', 'src/http', 'src/api', 'src/i18n'],
};
