import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchTable, newest, readRun } from './table';

const row = (workload: string, connections: number, ratio: number | null, instances = 1) => ({
  workload,
  connections,
  instances,
  http: { rps: 1234.5, p50: 98.76, p95: 12.3, p99: 4321, errors: 0 },
  ratio,
});

describe('bench:table', () => {
  it('writes one padded row per workload: ratios at 1 / 10 / 50, req/s · p95 and p50 / p99', () => {
    const postgres = {
      database: 'postgres',
      date: '2026-12-08',
      rows: [
        row('reads', 1, 0.5),
        row('reads', 10, 1.234),
        row('reads', 50, null),
        row('reads', 50, 9, 2),
      ],
    };
    const pglite = { database: 'pglite', date: '2026-12-08', rows: [row('reads', 50, 0.7)] };
    const [head, rule, line, ...rest] = benchTable(postgres, pglite);
    expect(rest).toEqual([]);
    expect(line).toBe(
      '| reads    | 0.50 / 1.23 / —                 | 1,235 · 12.3 ms              | — / — / 0.70                | 98.76 / 4,321 ms       |',
    );
    expect(head).toMatch(/^\| workload \| PostgreSQL ratio at 1 \/ 10 \/ 50 \|/);
    expect(rule).toMatch(/^\| -{8} \| -{31} \|/);
    expect(new Set([head!.length, rule!.length, line!.length]).size).toBe(1);
  });

  it("is the README's Benchmarks table for the newest runs in bench/results", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const table = benchTable(readRun(newest('postgres')), readRun(newest('pglite')));
    expect(table.length).toBeGreaterThan(10);
    expect(readme).toContain(table.join('\n'));
  });
});
