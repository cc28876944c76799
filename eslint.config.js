// Lint rules: the recommended JavaScript and TypeScript sets, plus the project's import boundaries
// (the SPA never imports the sandbox or the server, and the other way round; the SPA's layers).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The SPA's layers, top to bottom (docs/decisions/013): a module may import its own layer or any
// layer below it, never above. Features do not import each other, except another feature's
// queries.ts (its query factories, the one way to name its cached data).
const SRC = path.resolve(import.meta.dirname, 'src');
const LAYERS = { app: 0, routes: 0, features: 1, components: 2, lib: 3, api: 4 };

function place(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..')) return undefined;
  const [top, feature, ...rest] = relative.split(path.sep);
  if (!(top in LAYERS)) return undefined;
  return { layer: LAYERS[top], top, feature: top === 'features' ? feature : undefined, rest };
}

const layerRule = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        '{{from}} may not import {{to}}: imports go routes → features → components → lib → api.',
      crossFeature:
        'The {{from}} feature may import only the queries.ts of another feature, not {{to}}.',
    },
    schema: [],
  },
  create(context) {
    const from = place(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = place(target);
      if (!to) return;
      const names = { from: path.relative(SRC, context.filename), to: path.relative(SRC, target) };
      if (to.layer < from.layer) {
        context.report({ node, messageId: 'upward', data: names });
      } else if (from.feature && to.feature && from.feature !== to.feature) {
        const queries = to.rest.length === 1 && /^queries(\.ts)?$/.test(to.rest[0]);
        if (!queries)
          context.report({
            node,
            messageId: 'crossFeature',
            data: { from: from.feature, to: names.to },
          });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
      // Built, cached or scratch output that is not part of the repository.
      'dist-server',
      'bench/.cache',
      '.prof',
      '.shots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { direction: layerRule } } },
    rules: { 'layers/direction': 'error' },
  },
  {
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/sandbox/**',
                '**/server/**',
                '**/app/**',
                '**/features/**',
                'react',
                'react-dom',
              ],
              message: 'The contract depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the client run it against a real sandbox.
    files: ['src/api/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/sandbox/**', 'src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                '@mantine/*',
                '@tanstack/react-*',
                '**/features/**',
                '**/components/**',
                '**/app/**',
              ],
              message: 'Server code never imports React code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'better-sqlite3', '**/routes/**', '../http', '../app'],
              message: 'Domain rules know no HTTP and no SQL.',
            },
          ],
        },
      ],
    },
  },
);
