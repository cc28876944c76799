// The modules of src import each other without a circle (issues 42 and 58): a service states
// what it needs as its own type instead of importing the whole context, which imports it. Type
// imports count too: a circle of types is a circle of knowledge, and the next change makes it one
// of values. Imports are read with TypeScript's own pre-processor.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(SRC, 'server');

function modulesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The file an import names, when it is one of ours; undefined for packages. */
function resolved(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('#/')
    ? path.join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
}

export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles.flatMap(({ fileName }) => resolved(file, fileName) ?? []),
    );
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one module (Tarjan). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || graph.get(v)?.includes(v)) circles.push(part.toSorted());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

describe('the import graph of src', () => {
  it('finds a circle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(circlesOf(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads type imports and re-exports as imports', () => {
    const graph = importGraph([path.join(SERVER, 'local-index', 'store.ts')]);
    expect(graph.get(path.join(SERVER, 'local-index', 'store.ts'))).toContain(
      path.join(SERVER, 'local-index', 'store-types.ts'),
    );
  });

  it('has no circle', () => {
    const circles = circlesOf(importGraph(modulesUnder(SERVER))).map((c) =>
      c.map((f) => path.relative(SERVER, f)),
    );
    expect(circles).toEqual([]);
  });

  // The whole of src, the SPA's features and routes included (issue 58): query keys two
  // features share live in src/lib/query-keys.ts, the router's context apart from the router.
  it('has no circle anywhere in src', () => {
    const circles = circlesOf(importGraph(modulesUnder(SRC))).map((c) =>
      c.map((f) => path.relative(SRC, f)),
    );
    expect(circles).toEqual([]);
  });

  it('keeps migrations free of live code: they import packages and frozen files only', () => {
    const store = path.join(SERVER, 'store');
    const frozen = [path.join(store, 'amount-parts.ts'), path.join(store, 'report-rollups.ts')];
    const graph = importGraph([path.join(store, 'migrations.ts'), ...frozen]);
    expect(graph.get(path.join(store, 'migrations.ts'))).toEqual(frozen);
    for (const file of frozen) expect(graph.get(file)).toEqual([]);
  });

  it('loads the slow packages on first use, not at start (lazy-packages.ts)', () => {
    const slow = new Set(['exceljs', 'pdfkit', '@node-saml/node-saml', 'nodemailer']);
    const eager = modulesUnder(SERVER)
      .filter((file) => path.basename(file) !== 'lazy-packages.ts')
      .flatMap((file) =>
        [
          ...fs
            .readFileSync(file, 'utf8')
            .matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm),
        ]
          .filter(([, from]) => slow.has(from!))
          .map(([, from]) => `${path.relative(SERVER, file)}: ${from}`),
      );
    expect(eager).toEqual([]);
  });

  it('lets only the composition root and the route plugins import the whole context', () => {
    const context = path.join(SERVER, 'context.ts');
    const readers = [...importGraph(modulesUnder(SERVER))]
      .filter(([, imports]) => imports.includes(context))
      .map(([file]) => path.relative(SERVER, file))
      .filter((file) => file !== 'app.ts' && !file.startsWith('plugins/'));
    expect(readers).toEqual([]);
  });
});
