// No function or closure of the dashboard server runs past 300 lines (issue 58): a store or a
// route plugin that grows past that is split by the table or the question it answers, as the
// controls, batch, index, report, workspace and SCIM modules were. Read with TypeScript's parser;
// the failure names each function and its length.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;
const MOST_LINES = 300;

function modulesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return modulesUnder(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every function of a source text longer than `most` lines, as `file:line (n lines)`. */
export function longFunctions(file: string, text: string, most: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > most) found.push(`${file}:${start + 1} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the size of the dashboard server’s functions', () => {
  it('finds a function that is too long, closures and methods included', () => {
    const body = Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i};`).join('\n');
    const text = `export function store() {\n${body}\n  return { get() {\n${body}\n  } };\n}\n`;
    // The store (14 lines) is too long; its method (7 lines) is not.
    expect(longFunctions('x.ts', text, 7)).toEqual(['x.ts:1 (14 lines)']);
    expect(longFunctions('x.ts', text, 20)).toEqual([]);
  });

  it(`has none over ${MOST_LINES} lines`, () => {
    const long = modulesUnder(SERVER).flatMap((file) =>
      longFunctions(path.relative(SERVER, file), fs.readFileSync(file, 'utf8'), MOST_LINES),
    );
    expect(long).toEqual([]);
  });
});
