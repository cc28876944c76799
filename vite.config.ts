import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiPlugins } from './scripts/lingui-vite.ts';

// `npm run dev` starts the dashboard server on 8080 and Vite on 5173 in front of it.
const server = process.env.DASHBOARD_DEV_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    // Before React's plugin: the macros' JSX is Lingui's to turn into lookups first.
    ...linguiPlugins(),
    react(),
  ],
  // `#/…` is src/…, as tsconfig.json's paths say (docs/decisions/027).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    // No inline polyfill script: the page's CSP admits only scripts from its own origin.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // The server build of the SPA (dist-ssr, docs/decisions/059) needs no manifest and no copy
    // of the public files.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    // A catalog's chunk says whose words it holds (`words-de-app-….js`, decision 091).
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const catalog = /src\/locales\/([\w-]+)\/(\w+)\.po/.exec(chunk.facadeModuleId ?? '');
          return catalog
            ? `assets/words-${catalog[1]}-${catalog[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  // The server build carries its dependencies (React, the router, Mantine) in its own files:
  // loading them from node_modules, a few hundred files resolved one by one, held the server's
  // start for about a second.
  ssr: { noExternal: true },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': server,
      '^/sandbox/.+': server,
    },
  },
}));
