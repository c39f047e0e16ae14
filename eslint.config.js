import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'coverage',
      'playwright-report',
      'test-results',
      'src/web/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'src/server/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'tests/**/*.ts',
      'bench/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web app never imports the server, and the server never imports the web app (DESIGN §2).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/web/**'] }],
    },
  },
  {
    // Only repositories and src/server/db run SQL (docs/architecture.md); dependency-cruiser
    // (.dependency-cruiser.cjs) keeps the ORM and the table schema to them the same way.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.repository.ts', 'src/server/db/**', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|execute)$/]",
          message: 'SQL runs in a repository (*.repository.ts) or src/server/db, not here.',
        },
      ],
    },
  },
);
