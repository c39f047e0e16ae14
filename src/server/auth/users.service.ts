import { PASSWORD_MIN_LENGTH, type Role } from '../../domain/constants';
import type { AppDb, AppTx, Database } from '../db/client';
import { AppError } from '../errors';
import type { Auth } from './auth';
import {
  deleteAllUserSessions,
  deleteUser,
  insertRoleAndPasswordDate,
  isEmailTaken,
} from './auth.repository';

export type NewStaffUser = { email: string; password: string; name: string; role: Role };
export type StaffUser = { id: string; email: string; name: string; role: Role };

/**
 * Creates a sign-in account with its role. Used by `npm run user:create`, the demo seed and the
 * administrators' Users screen. If any step fails the partial user is removed, so no account
 * exists without its password or role.
 */
export async function createStaffUser(
  auth: Auth,
  database: Database,
  input: NewStaffUser,
  options: {
    /**
     * Runs the role and password-date writes in one transaction (withActorTransaction), so the
     * audit trigger on app_roles names the administrator who made the account.
     */
    transaction?: <T>(fn: (tx: AppTx) => Promise<T>) => Promise<T>;
  } = {},
): Promise<StaffUser> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (await isEmailTaken(database, email))
    throw new AppError(409, 'A user with this e-mail already exists.');

  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name.trim(), emailVerified: true },
    { method: 'admin' },
  );
  try {
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: hash,
    });
    const finish = (db: AppDb | AppTx) => insertRoleAndPasswordDate(db, user.id, input.role);
    if (options.transaction) await options.transaction(finish);
    else await database.db.transaction(finish);
  } catch (error) {
    await deleteUser(database.db, user.id);
    throw error;
  }
  return { id: user.id, email, name: user.name, role: input.role };
}

/** Signs the user out everywhere (a deactivated account keeps no session). Answers how many ended. */
export function endAllSessions(db: AppDb | AppTx, userId: string): Promise<number> {
  return deleteAllUserSessions(db, userId);
}

/** A staff account's role rows and name: the users screens change them through these (auth owns the account tables). */
export { insertRoleRow, setRoleRowActive, updateUserName } from './auth.repository';
