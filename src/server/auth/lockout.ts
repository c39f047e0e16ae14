/**
 * SPEC §9 lockout: 5 failed attempts for one account within 30 minutes lock it for 30 minutes from
 * the 5th failure (better-auth has no lockout of its own: DESIGN §7). Plus a per-address limit so
 * one address cannot spray guesses over many accounts. Pure functions; the clock is a parameter.
 */

export const LOCKOUT = {
  maxFailures: 5,
  windowMs: 30 * 60 * 1000,
  lockMs: 30 * 60 * 1000,
} as const;

export const ADDRESS_LIMIT = {
  maxFailures: 30,
  windowMs: 15 * 60 * 1000,
} as const;

/** How far back failures can matter: a lock ending now began with a failure this long ago. */
export const LOCKOUT_LOOKBACK_MS = LOCKOUT.windowMs + LOCKOUT.lockMs;

/**
 * When the account is locked until, or null. `failures` are the account's wrong-password times
 * (oldest first) since its last success; attempts refused while locked are not failures, so
 * hammering a locked account does not extend the lock.
 */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  const n = LOCKOUT.maxFailures;
  for (let last = failures.length - 1; last >= n - 1; last -= 1) {
    const end = failures[last]!.getTime();
    const start = failures[last - n + 1]!.getTime();
    if (end - start > LOCKOUT.windowMs) continue;
    const until = end + LOCKOUT.lockMs;
    return until > now.getTime() ? new Date(until) : null;
  }
  return null;
}

/** Seconds until `until`, at least 1 (for Retry-After). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** "3:45 PM" in the resort's zone. */
export function formatClockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  })
    .format(at)
    .replace(/[\u202f\u00a0]/g, ' ');
}

export function lockedMessage(until: Date, timeZone: string): string {
  return (
    'Too many failed sign-in attempts. This account is locked until ' +
    `${formatClockTime(until, timeZone)} (${timeZone}). Try again then.`
  );
}

export function addressLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return (
    'Too many failed sign-in attempts from this network. ' +
    `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}
