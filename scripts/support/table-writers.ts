import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who writes which table: one feature per table (docs/architecture.md, "One writer per table").
 * A write is a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)` of a table imported from
 * `db/schema`, or raw SQL `INSERT INTO t`, `UPDATE t`, `DELETE FROM t`. The database's own
 * set-up and demo data (migrations, seed, backup and restore, better-auth's adapter) are not
 * features and are left out.
 */

const NOT_FEATURES = new Set([
  'db/seed.ts',
  'db/migrate.ts',
  'db/backup.ts',
  'db/auth-adapter.ts',
  'db/prepare.ts',
]);

/** `table → owners` for the given files (path relative to src/server → source text). */
export function tableWriters(files: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  const add = (table: string, owner: string) => {
    const set = writers.get(table) ?? new Set<string>();
    set.add(owner);
    writers.set(table, set);
  };
  for (const [file, source] of files) {
    if (NOT_FEATURES.has(file)) continue;
    const owner = file.includes('/') ? file.slice(0, file.indexOf('/')) : file;
    const tables = schemaImports(source);
    for (const match of source.matchAll(
      /\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g,
    )) {
      const table = tables.get(match[1]!);
      if (table) add(table, owner);
    }
    for (const match of source.matchAll(
      /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)\b/g,
    )) {
      add(toCamel(match[1]!), owner);
    }
  }
  return writers;
}

/** The tables a file imports from db/schema, by local name → exported name. */
function schemaImports(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*(?:db\/)?schema'/g)) {
    for (const part of match[1]!.split(',')) {
      const [exported, local] = part
        .replace(/\btype\b/, '')
        .trim()
        .split(/\s+as\s+/);
      if (exported) names.set((local ?? exported).trim(), exported.trim());
    }
  }
  return names;
}

function toCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Every non-test TypeScript file under `root`, keyed by its path relative to it. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        files.set(path.relative(root, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(root);
  return files;
}
