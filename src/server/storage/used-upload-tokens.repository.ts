import { eq, lt } from 'drizzle-orm';
import type { AppDb, AppTx } from '../db/client';
import { usedUploadTokens } from '../db/schema';

/**
 * Records a token id as used. False when it was used before (or is being used by a transaction
 * that commits first: the primary key makes the second insert wait, then do nothing).
 */
export async function markUploadTokenUsed(
  tx: AppDb | AppTx,
  tokenId: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(usedUploadTokens)
    .values({ token_id: tokenId, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ token_id: usedUploadTokens.token_id });
  return rows.length === 1;
}

export async function isUploadTokenUsed(db: AppDb, tokenId: string): Promise<boolean> {
  const rows = await db
    .select({ token_id: usedUploadTokens.token_id })
    .from(usedUploadTokens)
    .where(eq(usedUploadTokens.token_id, tokenId))
    .limit(1);
  return rows.length > 0;
}

/** A used token past its expiry can never be presented again with success: forget it. */
export async function purgeExpiredUploadTokens(db: AppDb, now: Date): Promise<number> {
  const rows = await db
    .delete(usedUploadTokens)
    .where(lt(usedUploadTokens.expires_at, now))
    .returning({ token_id: usedUploadTokens.token_id });
  return rows.length;
}
