import { sql } from 'drizzle-orm';
import type { AppTx } from './client';

/** Who is acting, and from where: what the audit triggers write on every row they record. */
export type ActorSettings = {
  userId: string;
  email: string;
  role: string;
  correlationId: string;
  ipAddress: string;
  userAgent: string;
};

/** The same facts as the SQL functions that set them themselves read them (create_booking, issue_document). */
export type ActorPayload = {
  user_id: string;
  email: string;
  role: string;
  correlation_id: string;
  ip_address: string;
  user_agent: string;
};

export function actorPayload(settings: ActorSettings): ActorPayload {
  return {
    user_id: settings.userId,
    email: settings.email,
    role: settings.role,
    correlation_id: settings.correlationId,
    ip_address: settings.ipAddress,
    user_agent: settings.userAgent,
  };
}

/**
 * DESIGN §6: sets the transaction-local settings the audit triggers read (app.user_id,
 * app.user_email, app.user_role, app.correlation_id, app.ip_address, app.user_agent), so every
 * row they write in this transaction says who did it.
 */
export async function setActorSettings(tx: AppTx, settings: ActorSettings): Promise<void> {
  await tx.execute(sql`select
      set_config('app.user_id', ${settings.userId}, true),
      set_config('app.user_email', ${settings.email}, true),
      set_config('app.user_role', ${settings.role}, true),
      set_config('app.correlation_id', ${settings.correlationId}, true),
      set_config('app.ip_address', ${settings.ipAddress}, true),
      set_config('app.user_agent', ${settings.userAgent}, true)`);
}

/** SQL for the acting user's id (app.user_id), when they are a user of ours; else NULL. */
export const actorIdSql = sql`(SELECT u.id FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), ''))`;
/** SQL for the acting user's name, kept on rows that show who wrote them. */
export const actorNameSql = sql`(SELECT u.name FROM users u WHERE u.id = nullif(current_setting('app.user_id', true), ''))`;
