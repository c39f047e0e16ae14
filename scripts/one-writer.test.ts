import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources, tableWriters } from './support/table-writers';

describe('one writer per table', () => {
  it('every table of the server is written by one feature', () => {
    const writers = tableWriters(readSources(path.resolve('src/server')));
    const shared = [...writers]
      .filter(([, owners]) => owners.size > 1)
      .map(([table, owners]) => `${table}: ${[...owners].sort().join(', ')}`);
    expect(shared).toEqual([]);
    // The scan sees the tables it must (a scan that found nothing would pass the line above).
    expect(writers.get('payments')).toEqual(new Set(['payments']));
    expect(writers.get('bookings')).toEqual(new Set(['bookings']));
    expect(writers.get('bookingUnits')).toEqual(new Set(['bookings']));
    expect(writers.get('guests')).toEqual(new Set(['guests']));
  });

  it('reports a table written from a second feature, by the ORM or by SQL', () => {
    const files = new Map([
      [
        'payments/payments.repository.ts',
        "import { payments } from '../db/schema';\nawait tx.insert(payments).values(v);",
      ],
      [
        'guest-booking/guest-booking.repository.ts',
        "import { payments as p, bookings } from '../db/schema';\nawait tx.update(p).set(v);",
      ],
      ['jobs/cleanup.ts', "await db.query('DELETE FROM payments WHERE 1 = 0');"],
      ['auth/auth.service.ts', 'hash.update(key);'],
      ['db/seed.ts', "import { payments } from './schema';\nawait tx.insert(payments).values(v);"],
    ]);
    const writers = tableWriters(files);
    expect(writers.get('payments')).toEqual(new Set(['payments', 'guest-booking', 'jobs']));
    expect(writers.has('key')).toBe(false);
    expect(writers.has('bookings')).toBe(false);
  });
});
