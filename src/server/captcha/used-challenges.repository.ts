import { eq, lt } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { usedChallenges } from '../db/schema';

/**
 * DESIGN §7: ALTCHA verification is stateless, so each solved challenge is recorded. False when
 * it was recorded before (the primary key makes a concurrent second insert wait, then do nothing).
 */
export async function markChallengeUsed(
  tx: AppDb | AppTx,
  challengeId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(usedChallenges)
    .values({ challenge_id: challengeId, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ challenge_id: usedChallenges.challenge_id });
  return rows.length === 1;
}

export async function isChallengeUsed(db: AppDb, challengeId: string): Promise<boolean> {
  const rows = await db
    .select({ challenge_id: usedChallenges.challenge_id })
    .from(usedChallenges)
    .where(eq(usedChallenges.challenge_id, challengeId))
    .limit(1);
  return rows.length > 0;
}

/** An expired challenge fails verification anyway: its record is no longer needed. */
export async function purgeExpiredChallenges(db: AppDb, now: Date): Promise<number> {
  const rows = await db
    .delete(usedChallenges)
    .where(lt(usedChallenges.expires_at, now))
    .returning({ challenge_id: usedChallenges.challenge_id });
  return rows.length;
}
