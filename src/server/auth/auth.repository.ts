import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../domain/constants';
import type { AppDb, AppTx, Database } from '../db/client';
import { appRoles, sessions, users, verifications } from '../db/schema';

type Executor = AppDb | AppTx;

export type UserIdentity = {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
};

export async function findUserByEmail(db: Executor, email: string): Promise<UserIdentity | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return rows[0] ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserIdentity | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id));
  return rows[0] ?? null;
}

/** SPEC §6: the user's one active role, or null when they have none (deactivated). */
export async function findActiveRole(db: Executor, userId: string): Promise<Role | null> {
  const rows = await db
    .select({ role: appRoles.role })
    .from(appRoles)
    .where(and(eq(appRoles.user_id, userId), eq(appRoles.is_active, true)));
  const role = rows[0]?.role;
  return isRole(role) ? role : null;
}

export type SessionRow = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
};

export async function listActiveSessions(
  db: Executor,
  userId: string,
  now: Date,
): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
}

/** Deletes one of the user's own sessions; false when it is not theirs or does not exist. */
export async function deleteUserSession(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteAllUserSessions(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteSessionByToken(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

export async function findSessionIdByToken(db: Executor, token: string): Promise<string | null> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.token, token));
  return rows[0]?.id ?? null;
}

export async function setPasswordChangedAt(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordChangedAt: at, updatedAt: at }).where(eq(users.id, userId));
}

export async function findSecurityInfo(
  db: Executor,
  userId: string,
): Promise<{ passwordChangedAt: Date | null; twoFactorEnabled: boolean } | null> {
  const rows = await db
    .select({
      passwordChangedAt: users.passwordChangedAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

/**
 * The user a pending two-factor sign-in belongs to. better-auth keeps the challenge as a
 * verification row (identifier → user id) named by its two-factor cookie.
 */
export async function findTwoFactorChallengeUserId(
  db: Executor,
  identifier: string,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, now)));
  return rows[0]?.value ?? null;
}

export async function deleteVerification(db: Executor, identifier: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, identifier));
}

export type FreshSessionActorRow = {
  session_id: string;
  expires_at: Date | string;
  user_id: string;
  email: string;
  name: string;
  role: string;
};

/**
 * A live session not yet due for a refresh (expires after both `now` and `notDueBefore`), with its
 * user and active role, in one query. Every staff request runs it first: it is kept parsed and
 * planned per connection.
 */
export async function findFreshSessionActor(
  database: Database,
  token: string,
  now: Date,
  notDueBefore: Date,
): Promise<FreshSessionActorRow | undefined> {
  const [row] = await database.query<FreshSessionActorRow>(
    `SELECT s.id AS session_id, s.expires_at, u.id AS user_id, u.email, u.name, r.role
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN app_roles r ON r.user_id = u.id AND r.is_active
      WHERE s.token = $1
        AND s.expires_at > $2::timestamptz
        AND s.expires_at > $3::timestamptz
      LIMIT 1`,
    [token, now.toISOString(), notDueBefore.toISOString()],
    { prepare: 'fresh_session_actor' },
  );
  return row;
}

/** Whether any account uses this e-mail (compared lower-cased). */
export async function isEmailTaken(database: Database, email: string): Promise<boolean> {
  const rows = await database.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
  return rows.length > 0;
}

/** How many sign-in accounts exist (start-up tells a new install how to make the first). */
export async function countUsers(database: Database): Promise<number> {
  const [row] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return Number(row?.count ?? 0);
}

/** A new account's role, and the date its password was set. */
export async function insertRoleAndPasswordDate(
  db: Executor,
  userId: string,
  role: Role,
): Promise<void> {
  await db.insert(appRoles).values({ user_id: userId, role });
  await db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

/** Removes an account that could not be finished. */
export async function deleteUser(db: Executor, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function setRoleRowActive(
  tx: Executor,
  roleId: string,
  active: boolean,
): Promise<void> {
  await tx.update(appRoles).set({ is_active: active }).where(eq(appRoles.role_id, roleId));
}

/** A new role row; clock_timestamp() orders it after rows changed earlier in the transaction. */
export async function insertRoleRow(
  tx: Executor,
  userId: string,
  role: Role,
  active: boolean,
): Promise<void> {
  await tx.insert(appRoles).values({
    user_id: userId,
    role,
    is_active: active,
    created_at: sql`clock_timestamp()`,
    updated_at: sql`clock_timestamp()`,
  });
}

export async function updateUserName(tx: Executor, userId: string, name: string): Promise<void> {
  await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId));
}
