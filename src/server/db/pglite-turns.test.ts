import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * Issue 24 (PGlite p99): a statement outside a transaction waits for the next turn of the event
 * loop before it queues, so Node accepts connections, reads requests and writes answers between
 * statements instead of after the whole queue.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
});
afterAll(() => database.close());

describe('the embedded database gives the event loop a turn', () => {
  it('between a statement and the next one a request chains on it', async () => {
    await database.query('SELECT 1');
    const order: string[] = [];
    await database.query('SELECT 1').then(() => {
      setImmediate(() => order.push('I/O turn'));
      return database.query('SELECT 2').then(() => order.push('next statement'));
    });
    expect(order).toEqual(['I/O turn', 'next statement']);
  });

  it('for drizzle queries and transactions too', async () => {
    const order: string[] = [];
    await database.db.execute(sql`SELECT 1`).then(() => {
      setImmediate(() => order.push('I/O turn'));
      return database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 2`);
        })
        .then(() => order.push('transaction'));
    });
    expect(order).toEqual(['I/O turn', 'transaction']);
  });
});
