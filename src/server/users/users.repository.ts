import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../domain/constants';
import type { AppDb, AppTx } from '../db/client';
import { appRoles, users } from '../db/schema';

type Executor = AppDb | AppTx;

export type UserRecord = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  is_active: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
};

/** The role row that describes a user: the active one, else the latest. */
const currentRole = sql`(
  SELECT ar.role FROM app_roles ar WHERE ar.user_id = ${users.id}
  ORDER BY ar.is_active DESC, ar.created_at DESC LIMIT 1
)`;
const isActive = sql<boolean>`EXISTS (
  SELECT 1 FROM app_roles ar WHERE ar.user_id = ${users.id} AND ar.is_active
)`;
const lastSignIn = sql`(
  SELECT max(la.created_at) FROM login_attempts la
  WHERE lower(la.email) = lower(${users.email}) AND la.outcome = 'success'
)`;

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: sql<string | null>`${currentRole}`,
  is_active: isActive,
  two_factor_enabled: users.twoFactorEnabled,
  created_at: users.createdAt,
  last_sign_in_at: sql<Date | null>`${lastSignIn}`.mapWith(users.createdAt),
};

function toRecord(row: {
  id: string;
  email: string;
  name: string;
  role: string | null;
  is_active: boolean;
  two_factor_enabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}): UserRecord {
  return { ...row, role: isRole(row.role) ? row.role : null, is_active: Boolean(row.is_active) };
}

export async function listUsers(
  db: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: UserRecord[]; total: number }> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .orderBy(sql`lower(${users.name})`, users.id)
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(users);
  return { rows: rows.map(toRecord), total: Number(count?.total ?? 0) };
}

export async function findUserRecord(db: Executor, id: string): Promise<UserRecord | null> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id));
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Role changes run one at a time, so two administrators cannot demote each other at once. */
export async function lockRoleChanges(tx: AppTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('app_roles'))`);
}

export type RoleRow = { role_id: string; role: Role; is_active: boolean };

export async function findCurrentRoleRow(tx: Executor, userId: string): Promise<RoleRow | null> {
  const rows = await tx
    .select({ role_id: appRoles.role_id, role: appRoles.role, is_active: appRoles.is_active })
    .from(appRoles)
    .where(eq(appRoles.user_id, userId))
    .orderBy(desc(appRoles.is_active), desc(appRoles.created_at))
    .limit(1);
  return rows[0] ?? null;
}

export async function countActiveAdmins(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appRoles)
    .where(and(eq(appRoles.role, 'admin'), eq(appRoles.is_active, true)));
  return Number(row?.n ?? 0);
}

/** The e-mail addresses of the users holding one of `roles` on an active role row. */
export async function findActiveUserEmails(
  db: Executor,
  roles: readonly Role[],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(appRoles, eq(appRoles.user_id, users.id))
    .where(and(eq(appRoles.is_active, true), inArray(appRoles.role, [...roles])))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}
