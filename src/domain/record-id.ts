/**
 * The one definition of a record id: any 8-4-4-4-12 hexadecimal id, as PostgreSQL's uuid type
 * reads it (stricter RFC checks would refuse ids such as the nil uuid in fixtures). Ids in URLs
 * are checked with it before they reach the database, so a malformed id is "not found", not an
 * error: the routes' requireRecordId hook (server/http/record-id.ts), services and the web's
 * search parameters call isRecordId; zod's id fields and `:id` parameters take RECORD_ID as
 * their pattern (schemas/common.schema.ts idField and recordIdParamsSchema). No zod here: the
 * web's route definitions use it and are in the app's first download.
 */
export const RECORD_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID.test(value);
}
