// Lint rules: the recommended JavaScript and TypeScript sets, plus the import boundaries of
// DESIGN.md §3 (the SPA never imports the sandbox or the server, and the other way round).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      'test-results',
      'playwright-report',
      'src/routeTree.gen.ts',
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
