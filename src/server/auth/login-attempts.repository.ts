import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { loginAttempts } from '../db/schema';

type Executor = AppDb | AppTx;

export type LoginOutcome = (typeof loginAttempts.$inferInsert)['outcome'] & string;

export type NewLoginAttempt = {
  email: string;
  ipAddress: string | null;
  userAgent: string | null;
  outcome: LoginOutcome;
  at: Date;
};

/** SPEC §9 and issue 3: every sign-in attempt is recorded, whatever its outcome. */
export async function insertLoginAttempt(db: Executor, attempt: NewLoginAttempt): Promise<void> {
  await db.insert(loginAttempts).values({
    email: attempt.email.toLowerCase(),
    ip_address: attempt.ipAddress,
    user_agent: attempt.userAgent,
    outcome: attempt.outcome,
    succeeded: attempt.outcome === 'success',
    created_at: attempt.at,
  });
}

/** Outcomes that tested a guess at a credential: what the lockout and the address limit count. */
export const FAILED_GUESS_OUTCOMES: LoginOutcome[] = ['bad_credentials'];
const ADDRESS_FAILURE_OUTCOMES: LoginOutcome[] = ['bad_credentials', 'two_factor_failed'];

/**
 * Times of the account's wrong-password attempts after `since` and after its last successful
 * sign-in (a success ends a run of failures), oldest first.
 */
export async function findRecentFailures(
  db: Executor,
  email: string,
  since: Date,
): Promise<Date[]> {
  const lowered = email.toLowerCase();
  const rows = await db
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(
      and(
        sql`lower(${loginAttempts.email}) = ${lowered}`,
        inArray(loginAttempts.outcome, FAILED_GUESS_OUTCOMES),
        gt(loginAttempts.created_at, since),
        sql`${loginAttempts.created_at} > coalesce((
          SELECT max(s.created_at) FROM login_attempts s
          WHERE lower(s.email) = ${lowered} AND s.outcome = 'success'
        ), '-infinity'::timestamptz)`,
      ),
    )
    .orderBy(asc(loginAttempts.created_at));
  return rows.map((row) => row.at);
}

/** Failed guesses from one address after `since`: how many, and when the oldest was. */
export async function countAddressFailures(
  db: Executor,
  ipAddress: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const rows = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${loginAttempts.created_at})`.mapWith(loginAttempts.created_at),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip_address, ipAddress),
        inArray(loginAttempts.outcome, ADDRESS_FAILURE_OUTCOMES),
        gt(loginAttempts.created_at, since),
      ),
    );
  return { count: Number(rows[0]?.count ?? 0), oldest: rows[0]?.oldest ?? null };
}
