// What a page needs beyond the entry script, named in the page itself so the browser fetches it
// with the entry instead of after it (docs/decisions/022). Read from Vite's build manifest: each
// route's split component, its layouts' components, and everything they import statically.
import fs from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest | undefined {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    return undefined;
  }
}

/** The files of `keys` and of everything they import statically, CSS included, in load order. */
export function chunkClosure(manifest: Manifest, keys: Iterable<string>): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
    for (const css of chunk.css ?? []) {
      if (seen.has(css)) continue;
      seen.add(css);
      files.push(css);
    }
  };
  for (const key of keys) visit(key);
  return files;
}

/** The entry and its static imports: what index.html already loads. */
export function entryKeys(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key);
}

type Segment = { static: string } | 'param' | 'splat';

export interface RoutePreload {
  /** The route file, as named under src/routes (for tests and messages). */
  route: string;
  segments: Segment[];
  /** Behind the signed-in layout: only worth naming for a signed-in person. */
  signedIn: boolean;
  /** Files to name in the page (JS as modulepreload, CSS as stylesheet), entry files left out. */
  files: string[];
}

const ROUTES_DIR = 'src/routes/';
const SPLIT = '?tsr-split=component';

/** A route file's URL pattern, by the file-based routing rules: `_x` adds no segment, `index` none. */
function segmentsOf(route: string): Segment[] {
  return route
    .split('/')
    .filter((part) => !part.startsWith('_') && part !== 'index')
    .map((part) => (part === '$' ? 'splat' : part.startsWith('$') ? 'param' : { static: part }));
}

export function routePreloads(manifest: Manifest): RoutePreload[] {
  const inEntry = new Set(chunkClosure(manifest, entryKeys(manifest)));
  const routes: RoutePreload[] = [];
  const keys = Object.keys(manifest);
  const layoutKeys = new Set(
    keys.filter((key) => {
      const dir = key.slice(0, -`.tsx${SPLIT}`.length);
      return key.endsWith(`.tsx${SPLIT}`) && keys.some((other) => other.startsWith(`${dir}/`));
    }),
  );
  for (const key of keys) {
    if (!key.startsWith(ROUTES_DIR) || !key.endsWith(`.tsx${SPLIT}`)) continue;
    const route = key.slice(ROUTES_DIR.length, -`.tsx${SPLIT}`.length);
    // A layout (`_app.tsx` beside `_app/`) is no page of its own: it comes with those below it.
    if (route.startsWith('__') || layoutKeys.has(key)) continue;
    const parts = route.split('/');
    // The layouts above the route (`_app.tsx`, `merchants/$id.tsx`…), outermost first.
    const layouts = parts
      .slice(0, -1)
      .map((_, i) => `${ROUTES_DIR}${parts.slice(0, i + 1).join('/')}.tsx${SPLIT}`);
    const files = chunkClosure(manifest, [...layouts, key]).filter((file) => !inEntry.has(file));
    routes.push({ route, segments: segmentsOf(route), signedIn: parts[0] === '_app', files });
  }
  return routes;
}

/**
 * How well a route matches a path: undefined if not; otherwise a rank per segment, higher for
 * static ones, and a splat below the end of a shorter route (-1 stands for "no segment").
 */
function score(segments: Segment[], parts: string[]): number[] | undefined {
  const ranks: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === 'splat') return [...ranks, -2];
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment === 'param') ranks.push(1);
    else if (segment.static === part) ranks.push(2);
    else return undefined;
  }
  return parts.length === segments.length ? ranks : undefined;
}

/** The route a page's path shows, as the router would choose it (static before param before splat). */
export function preloadFor(routes: RoutePreload[], pathname: string): RoutePreload | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: { route: RoutePreload; ranks: number[] } | undefined;
  for (const route of routes) {
    const ranks = score(route.segments, parts);
    if (!ranks) continue;
    if (!best || compareRanks(ranks, best.ranks) > 0) best = { route, ranks };
  }
  return best?.route;
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The tags naming a route's files, for the page's head. */
export function preloadTags(files: string[]): { styles: string; scripts: string } {
  const tags = (css: boolean, tag: (file: string) => string) =>
    files
      .filter((file) => file.endsWith('.css') === css)
      .map(tag)
      .join('');
  return {
    styles: tags(true, (file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    scripts: tags(false, (file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  };
}

/** Where a page's own stylesheets go: before any script, so the browser asks for them first. */
export const STYLES_SLOT = '<!--page-styles-->';

/**
 * The built index.html with its stylesheets moved ahead of its scripts, and a slot for the
 * page's own after them (docs/decisions/059): a page the server drew paints once its HTML and
 * styles are in, and the browser asks for what it needs to paint before the scripts it
 * preloads.
 */
export function stylesFirst(template: string): string {
  const stylesheet = /<link rel="stylesheet"[^>]*>\s*/g;
  const styles = (template.match(stylesheet) ?? []).map((tag) => tag.trim()).join('');
  const rest = template.replace(stylesheet, '');
  const firstScript = rest.indexOf('<script');
  const at =
    firstScript >= 0 && firstScript < rest.indexOf('</head>')
      ? firstScript
      : rest.indexOf('</head>');
  return `${rest.slice(0, at)}${styles}${STYLES_SLOT}${rest.slice(at)}`;
}
