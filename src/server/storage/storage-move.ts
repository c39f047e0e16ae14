import { createHash } from 'node:crypto';
import {
  StorageObjectExistsError,
  type StorageDriver,
  type StorageObjectRef,
} from './storage.driver';

/**
 * `npm run storage:move` (issue 24, decision 0026): every object of one driver copied into the
 * other, the copy read back and compared by SHA-256 with the source, and only then the source
 * removed. Resumable: run again after a stop, and what was moved is no longer in the source; an
 * object already at the destination with the same checksum (copied, then stopped before the
 * source was removed) is only verified and its source removed. A destination object with other
 * bytes is reported and both are left alone.
 */

export type MoveOutcome = 'moved' | 'verified' | 'mismatch' | 'gone';

export type MoveProgress = {
  done: number;
  total: number;
  object: StorageObjectRef;
  outcome: MoveOutcome;
};

export type MoveSummary = {
  total: number;
  moved: number;
  /** Already at the destination with equal bytes (an earlier run stopped after copying). */
  verified: number;
  /** Removed from the source meanwhile (not an error). */
  gone: number;
  mismatches: (StorageObjectRef & { reason: string })[];
  /** The run was stopped (signal) before every object was handled. */
  stopped: boolean;
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function moveOne(
  from: StorageDriver,
  to: StorageDriver,
  { bucket, path }: StorageObjectRef,
): Promise<{ outcome: MoveOutcome; reason?: string }> {
  const source = await from.getBuffer(bucket, path);
  if (!source) return { outcome: 'gone' };
  const expected = sha256(source);
  let outcome: MoveOutcome = 'moved';
  let existing = await to.getBuffer(bucket, path);
  if (!existing) {
    try {
      await to.put(bucket, path, source);
    } catch (error) {
      if (!(error instanceof StorageObjectExistsError)) throw error;
      existing = await to.getBuffer(bucket, path); // stored meanwhile, by another run
    }
  }
  if (existing) outcome = 'verified';
  const copy = existing ?? (await to.getBuffer(bucket, path));
  if (!copy) return { outcome: 'mismatch', reason: 'the copy cannot be read back' };
  const found = sha256(copy);
  if (found !== expected) {
    return {
      outcome: 'mismatch',
      reason: `destination sha256 ${found.slice(0, 12)}… ≠ source ${expected.slice(0, 12)}…`,
    };
  }
  await from.delete(bucket, path);
  return { outcome };
}

export async function moveStoredObjects(options: {
  from: StorageDriver;
  to: StorageDriver;
  onProgress?: (progress: MoveProgress) => void;
  signal?: AbortSignal;
}): Promise<MoveSummary> {
  const objects = await options.from.list();
  const summary: MoveSummary = {
    total: objects.length,
    moved: 0,
    verified: 0,
    gone: 0,
    mismatches: [],
    stopped: false,
  };
  for (const [index, object] of objects.entries()) {
    if (options.signal?.aborted) {
      summary.stopped = true;
      break;
    }
    const { outcome, reason } = await moveOne(options.from, options.to, object);
    if (outcome === 'mismatch') summary.mismatches.push({ ...object, reason: reason ?? '' });
    else summary[outcome] += 1;
    options.onProgress?.({ done: index + 1, total: objects.length, object, outcome });
  }
  return summary;
}
