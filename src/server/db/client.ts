import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type DbKind = 'pglite' | 'postgres';
export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; it has the same query API as the database. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

export type Notification = { channel: string; payload: string };

export interface Database {
  kind: DbKind;
  db: AppDb;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /**
   * A parameterised raw query; dates come back as 'YYYY-MM-DD', numerics as numbers. With
   * `prepare`, PostgreSQL keeps the statement (and, after a few runs, its plan) on each pooled
   * connection under that name, for the hottest fixed statements (issue 9); the name must always
   * go with the same text. PGlite has one connection and no use for it.
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: { prepare?: string },
  ): Promise<T[]>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Raw queries see calendar dates as strings (a date is not an instant, DESIGN §3) and money as
// numbers. Drizzle applies its own parsers to the queries it builds.
const identity = (value: string) => value;
pg.types.setTypeParser(pg.types.builtins.DATE, identity);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }) {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
    parsers: {
      [pgliteTypes.DATE]: identity,
      [pgliteTypes.NUMERIC]: (value: string) => Number(value),
      [pgliteTypes.INT8]: (value: string) => Number(value),
    },
  });
  oneStatementPerTurn(client);
  const db = drizzlePglite({ client, schema }) as unknown as AppDb;
  const database: Database & { client: PGlite } = {
    kind: 'pglite',
    db,
    client,
    async exec(script) {
      try {
        await client.exec(script);
      } catch (error) {
        // A failed script must not leave the single session inside an aborted transaction.
        await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return unlisten;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
  return database;
}

/**
 * PGlite runs each statement synchronously on the one thread, and hands its lock from one queued
 * statement to the next within the same turn of the event loop: under load a turn lasted as long
 * as the whole queue (fifty statements, half a second), and Node accepted a connection, read a
 * request or wrote an answer only between turns, so some requests waited seconds behind others
 * (issue 24, PGlite p99). Statements and transactions outside a transaction now run one at a
 * time, in the order they were asked for, each in a turn of its own: the loop takes its I/O
 * between any two. A transaction's own statements run straight on, as before.
 */
function oneStatementPerTurn(client: PGlite): void {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const result = previous.then(nextTurn).then(() => run(...args));
      previous = result.catch(() => undefined);
      return result;
    };
  client.query = inTurn(client.query.bind(client)) as PGlite['query'];
  client.transaction = inTurn(client.transaction.bind(client)) as PGlite['transaction'];
}

async function openPostgres(options: { url: string; max?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Fail fast with a clear error when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as AppDb;
  const listeners: pg.PoolClient[] = [];
  return {
    kind: 'postgres',
    db,
    async exec(script) {
      const client = await pool.connect();
      try {
        await client.query(script);
      } catch (error) {
        // Never hand an aborted transaction back to the pool.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async query<T>(text: string, params: unknown[] = [], options: { prepare?: string } = {}) {
      const result = options.prepare
        ? await pool.query({ name: options.prepare, text, values: params })
        : await pool.query(text, params);
      return result.rows as T[];
    },
    async listen(channel, onPayload) {
      const client = await pool.connect();
      listeners.push(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
        listeners.splice(listeners.indexOf(client), 1);
      };
    },
    async close() {
      for (const client of listeners.splice(0)) client.release();
      await pool.end();
    },
  };
}
