import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  REMOVED_BY_FILTER,
  changedFields,
  recordAppEvent,
  redactForAudit,
  sanitizeDescription,
} from './audit-events.service';
import type { Database } from '../db/client';

describe('app audit events', () => {
  it('redacts SPEC §3 fields by table and credentials everywhere', () => {
    expect(
      redactForAudit('guests', { guest_name: 'Ana', phone_number: '0917', email: 'a@b.ph' }),
    ).toEqual({ guest_name: 'Ana', phone_number: REDACTED, email: REDACTED });
    expect(
      redactForAudit('settings', { nested: { api_token: 'x', backup_codes: ['a'] }, name: 'n' }),
    ).toEqual({ nested: { api_token: REDACTED, backup_codes: REDACTED }, name: 'n' });
    expect(redactForAudit('payments', { transaction_reference: 'T1', amount: 5 })).toEqual({
      transaction_reference: REDACTED,
      amount: 5,
    });
  });

  it('names the changed top-level fields', () => {
    expect(changedFields({ a: 1, b: [1], c: 'x' }, { a: 1, b: [2], d: true })).toEqual([
      'b',
      'c',
      'd',
    ]);
    expect(changedFields(null, { a: 1 })).toBeNull();
  });

  it('a description emptied by sanitising says so (SPEC §8)', () => {
    expect(sanitizeDescription('<script>alert(1)</script>')).toBe(REMOVED_BY_FILTER);
    expect(sanitizeDescription('Booking <b>BK-2027-ABCD</b> viewed')).toBe(
      'Booking BK-2027-ABCD viewed',
    );
    expect(sanitizeDescription('')).toBe('');
  });

  it('never throws, even when the database does', async () => {
    const broken = {
      database: {
        db: {
          insert() {
            throw new Error('connection lost');
          },
        },
      } as unknown as Database,
    };
    const result = await recordAppEvent(broken, {
      tableName: 'system',
      action: 'system_backup',
      description: 'Backup',
      category: 'SYSTEM',
    });
    expect(result).toEqual({ success: false, error: 'The audit event could not be recorded.' });
    const invalid = await recordAppEvent(broken, {
      tableName: 'bogus',
      action: 'x',
      description: 'x',
      category: 'SYSTEM',
    });
    expect(invalid).toEqual({ success: false, error: 'Invalid table name: bogus' });
  });
});
