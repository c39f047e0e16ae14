import { describe, expect, it } from 'vitest';
import { decodeAuditCursor, encodeAuditCursor } from './audit-log.schema';

// The cursor codec left Node's Buffer for atob/btoa so src/domain runs in the browser too; the
// tokens must stay the ones Buffer wrote (the literals below are Buffer's base64url of the text
// beside them), so cursors handed out before keep working.
describe('the audit list cursor', () => {
  const cursor = { createdAt: '2027-06-10T08:30:00.123Z', seq: 4821 };

  it("encodes as Buffer's base64url did, and decodes back", () => {
    const token = encodeAuditCursor(cursor);
    expect(token).toBe('MjAyNy0wNi0xMFQwODozMDowMC4xMjNafDQ4MjE'); // 2027-06-10T08:30:00.123Z|4821
    expect(decodeAuditCursor(token)).toEqual(cursor);
  });

  it('refuses tokens that are not a cursor', () => {
    expect(decodeAuditCursor('not a token!')).toBeNull();
    expect(decodeAuditCursor('MjAyNy0wNi0xMFQwODozMDowMFp8LTE')).toBeNull(); // ...Z|-1
    expect(decodeAuditCursor('eWVzdGVyZGF5fDU')).toBeNull(); // yesterday|5
    expect(decodeAuditCursor('MjAyNy0wNi0xMFQwODozMDowMFp8NXw2')).toBeNull(); // ...Z|5|6
  });
});
