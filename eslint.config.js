// Lint rules: the recommended JavaScript and TypeScript sets, plus the project's import boundaries
// (docs/decisions/013, 027): the parts of src (the SPA, the sandbox, the dashboard server, the
// HTTP helpers the two servers share, and the contract) import only what their side may, the
// SPA's layers go one way, and the sandbox's domain knows no network, HTTP or SQL.
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The SPA's layers, top to bottom (docs/decisions/013): a module may import its own layer or any
// layer below it, never above. Features do not import each other, except another feature's
// queries.ts (its query factories, the one way to name its cached data).
const SRC = path.resolve(import.meta.dirname, 'src');
const LAYERS = { app: 0, routes: 0, features: 1, components: 2, lib: 3, api: 4 };

/** The file an import names: relative, or `#/…` (src/…, tsconfig.json's paths); else undefined. */
function targetOf(filename, source) {
  if (typeof source !== 'string') return undefined;
  if (source.startsWith('#/')) return path.join(SRC, source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(filename), source);
  return undefined;
}

// Which part of src a file belongs to, and which parts it may import. The dashboard server embeds
// the sandbox, so it may import it; nothing imports the server; the SPA imports only the contract.
const SPA = new Set(['app', 'routes', 'features', 'components', 'lib']);
const MAY_IMPORT = {
  spa: ['spa', 'api'],
  api: ['api'],
  http: ['http', 'api'],
  sandbox: ['sandbox', 'http', 'api'],
  server: ['server', 'sandbox', 'http', 'api'],
};

function sideOf(file) {
  const relative = path.relative(SRC, file);
  if (relative.startsWith('..')) return undefined;
  const top = relative.split(path.sep)[0];
  if (SPA.has(top)) return 'spa';
  return top in MAY_IMPORT ? top : undefined;
}

const sideRule = {
  meta: {
    type: 'problem',
    messages: {
      side: 'The {{from}} side may not import {{to}} ({{target}}): it may import only {{allowed}}.',
    },
    schema: [],
  },
  create(context) {
    const from = sideOf(context.filename);
    // Tests may drive any part against any other (a client test against a real sandbox).
    if (!from || /\.test\.tsx?$/.test(context.filename)) return {};
    const check = (node, source) => {
      const target = targetOf(context.filename, source);
      if (!target) return;
      const to = sideOf(target);
      if (!to || MAY_IMPORT[from].includes(to)) return;
      context.report({
        node,
        messageId: 'side',
        data: {
          from,
          to,
          target: path.relative(SRC, target),
          allowed: MAY_IMPORT[from].join(', '),
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, node.source.value),
    };
  },
};

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
      const target = targetOf(context.filename, source);
      if (!target) return;
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
      // Generated by `npm run openapi:types` (docs/decisions/039).
      'src/sandbox/tests/client/openapi-types.ts',
      // Built, cached or scratch output that is not part of the repository.
      'dist-server',
      'dist-ssr',
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
    plugins: { layers: { rules: { direction: layerRule, sides: sideRule } } },
    rules: { 'layers/direction': 'error', 'layers/sides': 'error' },
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
              group: [
                'fastify',
                'better-sqlite3',
                'undici',
                'node:http',
                'node:https',
                'node:net',
                '**/routes/**',
                '../http',
                '../app',
                '../webhooks/*',
              ],
              message: 'Domain rules know no network, no HTTP and no SQL.',
            },
            {
              // `#` starts a comment in a group's gitignore syntax: the shared HTTP code by regex.
              regex: '^#/http/',
              message: 'Domain rules know no network, no HTTP and no SQL.',
            },
          ],
        },
      ],
    },
  },
);
