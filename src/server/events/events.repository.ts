import type { Database } from '../db/client';

/**
 * True while the session still exists, has not expired and its user keeps an active role: a
 * long-lived event stream ends when the session that opened it is revoked or runs out.
 */
export async function isSessionStillActive(
  database: Database,
  sessionId: string,
): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1
       FROM sessions s
       JOIN app_roles r ON r.user_id = s.user_id AND r.is_active
      WHERE s.id = $1 AND s.expires_at > now()
      LIMIT 1`,
    [sessionId],
  );
  return rows.length > 0;
}
