// `npm run bench:table`: the README's Benchmarks table from two runs' files, so the figures there
// are read off bench/results rather than copied by hand. With no arguments it takes the newest
// `<date>-postgres.json` and `<date>-pglite.json`; `npm run bench:table -- A.json B.json` names
// them (PostgreSQL first). Columns: the ratio at 1 / 10 / 50 connections on each database,
// PostgreSQL's req/s and p95 at 10, PGlite's p50 and p99 at 50 (one instance each).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

type Figures = { rps: number; p50: number; p95: number; p99: number };
type Row = {
  workload: string;
  connections: number;
  instances?: number;
  http: Figures;
  ratio: number | null;
};
type Run = { database: string; date: string; rows: Row[] };

const results = path.resolve(import.meta.dirname, 'results');

export function newest(database: 'postgres' | 'pglite'): string {
  const name = readdirSync(results)
    .filter((file) => /^\d{4}-\d{2}-\d{2}-/.test(file) && file.endsWith(`-${database}.json`))
    .sort()
    .at(-1);
  if (!name) throw new Error(`no ${database} run in ${results}`);
  return path.join(results, name);
}

export function readRun(file: string): Run {
  return JSON.parse(readFileSync(file, 'utf8')) as Run;
}

/** Workload → connections → its one-instance row. */
function byWorkload(run: Run): Map<string, Map<number, Row>> {
  const out = new Map<string, Map<number, Row>>();
  for (const row of run.rows) {
    if ((row.instances ?? 1) !== 1) continue;
    if (!out.has(row.workload)) out.set(row.workload, new Map());
    out.get(row.workload)!.set(row.connections, row);
  }
  return out;
}

const ratio = (row: Row | undefined) => (row?.ratio == null ? '—' : row.ratio.toFixed(2));
/** As the README writes them: thousands grouped, a decimal only below 100. */
const number = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : String(value);
const ms = (value: number) => `${number(value)} ms`;

export function benchTable(postgres: Run, pglite: Run): string[] {
  const pg = byWorkload(postgres);
  const embedded = byWorkload(pglite);
  const header = [
    'workload',
    'PostgreSQL ratio at 1 / 10 / 50',
    'PostgreSQL req/s · p95 at 10',
    'PGlite ratio at 1 / 10 / 50',
    'PGlite p50 / p99 at 50',
  ];
  const lines = [header];
  for (const [workload, rows] of pg) {
    const other = embedded.get(workload) ?? new Map<number, Row>();
    const at10 = rows.get(10)?.http;
    const at50 = other.get(50)?.http;
    lines.push([
      workload,
      [1, 10, 50].map((c) => ratio(rows.get(c))).join(' / '),
      at10 ? `${number(at10.rps)} · ${ms(at10.p95)}` : '—',
      [1, 10, 50].map((c) => ratio(other.get(c))).join(' / '),
      at50 ? `${number(at50.p50)} / ${ms(at50.p99)}` : '—',
    ]);
  }
  // Padded as Prettier writes a Markdown table, so the lines drop into the README unchanged.
  const widths = header.map((_, i) => Math.max(...lines.map((cells) => cells[i]!.length)));
  const row = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const [head, ...body] = lines;
  return [row(head!), row(widths.map((width) => '-'.repeat(width))), ...body.map(row)];
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [pgFile = newest('postgres'), pgliteFile = newest('pglite')] = process.argv.slice(2);
  const postgres = readRun(pgFile);
  const pglite = readRun(pgliteFile);
  console.log(`PostgreSQL: ${path.basename(pgFile)} (${postgres.date})`);
  console.log(`PGlite: ${path.basename(pgliteFile)} (${pglite.date})\n`);
  for (const line of benchTable(postgres, pglite)) console.log(line);
}
