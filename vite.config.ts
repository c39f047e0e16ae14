import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rootDir = fileURLToPath(new URL('.', import.meta.url));

/** zod's schema builders used in src/domain and src/web (treated as pure below). */
const ZOD_BUILDERS = [
  'array',
  'boolean',
  'coerce.number',
  'email',
  'enum',
  'guid',
  'iso.datetime',
  'literal',
  'null',
  'number',
  'object',
  'record',
  'string',
  'stringFormat',
  'union',
  'unknown',
];

// Preact's compatibility layer stands in for React in the browser build (decision 0014): the same
// components and libraries, about 50 KB gzipped less for a guest's phone. Types stay React's.
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig({
  root: rootDir,
  resolve: { alias: preactCompat },
  // The build's prerender (src/web/prerender.tsx) bundles every package, so the aliases above
  // apply to the libraries' own imports of react too.
  ssr: { noExternal: true },
  publicDir: 'public',
  plugins: [
    // The router plugin must run before react() so it can split route files into lazy chunks:
    // guest pages then load no back-office code (DESIGN §2).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/web/routes',
      generatedRouteTree: 'src/web/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The web imports form schemas as values from src/domain/schemas/, whose files also hold
        // the response schemas it only takes types from (docs/architecture.md, "One contract").
        // zod's builders have no side effects, but the bundler cannot know that, so it kept every
        // top-level schema of every file imported. Named here, an unused schema is dropped (a
        // chained `.optional()` or `.refine()` with it). Not `z.config`: that one is a side effect.
        manualPureFunctions: [
          ...ZOD_BUILDERS.map((name) => `z.${name}`),
          'listResponseSchema',
          'withRangeRule',
          'withStayRules',
          // Issue 18's template fields and per-kind objects (src/domain/schemas/message.schema.ts).
          'templateField',
          'perKindObject',
          // Issue 20's TIN fields (src/domain/schemas/document.schema.ts).
          'tinField',
          // Issue 22's "an e-mail address or a phone number" rule (staff-booking.schema.ts).
          'withContactRule',
          // Messages built inside schemas (src/domain/messages.ts).
          'minLengthMessage',
          'maxLengthMessage',
        ],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
