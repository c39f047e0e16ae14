/**
 * The house rules `npm run check` enforces (docs/architecture.md explains them):
 * - no import circles, between modules and between the web's feature folders;
 * - src/web and src/server never import each other; src/domain imports neither;
 * - only repositories and src/server/db touch the ORM, the table schema or the database client;
 * - a server feature uses another feature only through its service (`*.service.ts`); schemas
 *   that several features share live in src/domain/schemas.
 */
const SERVER_SHARED = '(?:db|http|mail|storage|idempotency|events)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: modules that cannot be read, tested or loaded one at a time.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-web-features',
      severity: 'error',
      comment:
        'Two web feature folders that import each other: move the shared piece to lib/, ' +
        'components/ui/ or a lower feature (docs/architecture.md).',
      scope: 'folder',
      from: { path: '^src/web/features/[^/]+' },
      to: { path: '^src/web/features/[^/]+', circular: true },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only (types come from src/domain).',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports the web app.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain is shared by server and web: it imports neither.',
      from: { path: '^src/domain/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'orm-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories (and src/server/db) use the ORM, the table schema or the database client.',
      from: {
        path: '^src/',
        pathNot: ['\\.repository\\.ts$', '^src/server/db/', '\\.test\\.ts$'],
      },
      to: {
        path: [
          '^node_modules/drizzle-orm',
          '^node_modules/pg/',
          '^node_modules/@electric-sql/pglite',
          '^src/server/db/(schema|client)\\.ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'features-through-services',
      severity: 'error',
      comment: 'A server feature uses another feature only through its *.service.ts functions.',
      from: { path: `^src/server/(?!${SERVER_SHARED}/)([^/]+)/` },
      to: {
        path: '^src/server/[^/]+/',
        pathNot: [`^src/server/$1/`, `^src/server/${SERVER_SHARED}/`, '\\.service\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
