/**
 * A record id as PostgreSQL's uuid type reads it (8-4-4-4-12 hexadecimal digits). Ids in URLs are
 * checked with this before they reach the database, so a malformed id is "not found", not an error.
 */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}
