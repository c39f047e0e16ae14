import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

/**
 * Issue 24 (PGlite p99): statements outside a transaction run one at a time, each in a turn of
 * the event loop of its own, so Node accepts connections, reads requests and writes answers
 * between any two statements instead of after the whole queue.
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

  it('between two statements asked for at the same moment, in the order asked', async () => {
    // A byte sent over a loopback socket when the first statement ends arrives in the loop's
    // next I/O phase: before the second statement only if the loop took a turn between them.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const received = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const sender = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => sender.once('connect', resolve));
    const receiver = await received;
    const order: string[] = [];
    receiver.on('data', () => order.push('I/O'));
    try {
      await database.query('SELECT 1');
      const first = database.query('SELECT 1').then(() => {
        order.push('first statement');
        sender.write('x');
      });
      const second = database.query('SELECT 2').then(() => order.push('second statement'));
      await Promise.all([first, second]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(order).toEqual(['first statement', 'I/O', 'second statement']);
    } finally {
      sender.destroy();
      receiver.destroy();
      server.close();
    }
  });

  it('a failed statement does not stop the ones after it', async () => {
    const failed = database.query('SELECT * FROM no_such_table');
    const next = database.query<{ one: number }>('SELECT 1 AS one');
    await expect(failed).rejects.toThrow(/no_such_table/);
    await expect(next).resolves.toEqual([{ one: 1 }]);
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
