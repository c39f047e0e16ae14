import type { Database } from '../db/client';

/** Whether the database answers (GET /api/health). */
export async function pingDatabase(database: Database): Promise<void> {
  await database.query('SELECT 1');
}
