import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { publicPageOf } from './src/domain/app-routes.ts';

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

/**
 * zod 4's schema classes carry `toJSONSchema()` and the Standard Schema `jsonSchema` methods, so
 * every page that loads zod also loaded its JSON Schema generator (about 8 KB gzipped), which the
 * browser never calls: the server writes the OpenAPI document. This rewrites zod's classic schema
 * module for the browser build so that the generator is not imported (decision 0014, fourth
 * round): each schema's JSON Schema hook is left out and the two methods say they are not
 * available. The checks that read a schema's bounds (`aggregateChecks`) stay. When a zod upgrade
 * changes the module so that the rewrite no longer matches, the build fails and says so.
 */
function zodWithoutJsonSchema(): Plugin {
  const target = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
  const hook =
    /^\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);$/gm;
  const processorsImport = 'import * as processors from "../core/json-schema-processors.js";';
  const methodsImport =
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!target.test(id)) return null;
      const hooks = code.match(hook)?.length ?? 0;
      if (hooks < 20 || !code.includes(processorsImport) || !code.includes(methodsImport)) {
        throw new Error(
          `zod-without-json-schema: ${id} is not shaped as expected (${hooks} hooks); check the plugin against this zod version`,
        );
      }
      const unavailable =
        'const unavailable = () => () => { throw new Error("JSON Schema is not built in the browser"); };';
      return code
        .replace(hook, '')
        .replace(
          processorsImport,
          'import { aggregateChecks } from "../core/json-schema-processors.js";\nconst processors = { aggregateChecks };',
        )
        .replace(
          methodsImport,
          `${unavailable}\nconst createStandardJSONSchemaMethod = unavailable;\nconst createToJSONSchemaMethod = unavailable;`,
        );
    },
  };
}

/**
 * The dev server answers every page with index.html; the public pages have their own
 * (public.html, decision 0014, fifth round), as the built server sends them.
 */
function publicPagesInDev(): Plugin {
  return {
    name: 'public-pages-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '/', query] = (request.url ?? '/').split('?');
        if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
          if (publicPageOf(pathname)) request.url = `/public.html${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}

/**
 * The chunk group of each module an entry imports (decision 0014, fifth round): `shared` for what
 * both pages import (Preact, TanStack Query, the API client), `public` for what only the public
 * pages can ever load (their router), `app` for what only the back office can ever load (TanStack
 * Router, its route tree), and `common` for what one entry imports and the other's pages load
 * later. One chunk per group, as the fourth round's single `$initial` chunk was for one entry: a
 * dozen small chunks compress worse than one. Rolldown's `entriesAware` does not do this: it
 * counts every lazily loaded page as an entry and cut the code into some thirty small chunks (+10
 * KB on the back office's first page). The sets are read from the module graph once complete.
 */
function initialChunkGroups(): { plugin: Plugin; groupOf: (id: string) => string | null } {
  const walk = (
    from: string,
    next: (id: string) => readonly string[],
    into: Map<string, Set<string>>,
    entry: string,
  ) => {
    const stack = [from];
    while (stack.length > 0) {
      const current = stack.pop()!;
      const entries = into.get(current) ?? new Set<string>();
      if (entries.has(entry)) continue;
      entries.add(entry);
      into.set(current, entries);
      stack.push(...next(current));
    }
  };
  /** The entries that import a module, and the entries whose pages can load it at all. */
  const importedBy = new Map<string, Set<string>>();
  const reachedBy = new Map<string, Set<string>>();
  return {
    plugin: {
      name: 'initial-chunk-groups',
      apply: 'build',
      buildEnd() {
        importedBy.clear();
        reachedBy.clear();
        for (const id of this.getModuleIds()) {
          if (!this.getModuleInfo(id)?.isEntry) continue;
          const entry = /public\.html$|public-main\.tsx$/.test(id) ? 'public' : 'app';
          const info = (module: string) => this.getModuleInfo(module);
          walk(id, (module) => info(module)?.importedIds ?? [], importedBy, entry);
          walk(
            id,
            (module) => [
              ...(info(module)?.importedIds ?? []),
              ...(info(module)?.dynamicallyImportedIds ?? []),
            ],
            reachedBy,
            entry,
          );
        }
      },
    },
    groupOf: (id) => {
      const imported = importedBy.get(id);
      if (!imported) return null;
      if (imported.size > 1) return 'shared';
      return (reachedBy.get(id)?.size ?? 0) > 1 ? 'common' : [...imported][0]!;
    },
  };
}

const initialChunks = initialChunkGroups();

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
    zodWithoutJsonSchema(),
    publicPagesInDev(),
    initialChunks.plugin,
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Two pages (decision 0014, fifth round): the back office (index.html, TanStack Router)
      // and the public pages (public.html, their own small router).
      input: {
        index: path.join(rootDir, 'index.html'),
        public: path.join(rootDir, 'public.html'),
      },
      // What the entries import, in one chunk per group (see initialChunkGroups): a guest's phone
      // never downloads the back office's router. A group takes its modules' imports with it, so
      // the shared ones go first.
      output: {
        codeSplitting: {
          groups: (['shared', 'common', 'public', 'app'] as const).map((name, index) => ({
            name,
            tags: ['$initial'],
            test: (id: string) => initialChunks.groupOf(id) === name,
            priority: 4 - index,
          })),
        },
      },
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
          // Issue 22's "an e-mail address or a phone number" rule (walk-in.schema.ts).
          'withContactRule',
          'optionalPhoneField',
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
