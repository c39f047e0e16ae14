import { describe, expect, it } from 'vitest';
import { decodeAuditCursor, encodeAuditCursor } from './audit-log.schema';

// The cursor codec left Node's Buffer for atob/btoa so src/domain runs in the browser too; the
// tokens must stay the ones Buffer wrote, so cursors handed out before keep working.
const bufferToken = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('the audit list cursor', () => {
  const cursor = { createdAt: '2027-06-10T08:30:00.123Z', seq: 4821 };

  it('encodes as Buffer base64url did, and decodes back', () => {
    const token = encodeAuditCursor(cursor);
    expect(token).toBe(bufferToken(`${cursor.createdAt}|${cursor.seq}`));
    expect(decodeAuditCursor(token)).toEqual(cursor);
  });

  it('refuses tokens that are not a cursor', () => {
    expect(decodeAuditCursor('not a token!')).toBeNull();
    expect(decodeAuditCursor(bufferToken('2027-06-10T08:30:00Z|-1'))).toBeNull();
    expect(decodeAuditCursor(bufferToken('yesterday|5'))).toBeNull();
    expect(decodeAuditCursor(bufferToken('2027-06-10T08:30:00Z|5|6'))).toBeNull();
  });
});
