import type { AltchaChallenge } from '../../../domain/schemas/captcha.schema';
import { apiGet } from '../../lib/api';

/*
 * ALTCHA v2 proof of work (what altcha-lib's createChallenge issues and the `altcha` widget v3
 * solves): find the counter whose derived key starts with keyPrefix. The search runs in the
 * widget package's own Web Workers, counters interleaved across them, so the page stays
 * responsive on a phone.
 */

interface AltchaWorkerSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

export interface AltchaSolution {
  /** base64 of the JSON payload the server verifies; sent as `turnstile_token`. */
  token: string;
  /** When the server stops accepting it (ms since the epoch), if the challenge says. */
  expiresAt: number | null;
}

/** How long one solve may take before it counts as failed. */
const SOLVE_TIMEOUT_MS = 90_000;

export function isAltchaChallenge(value: unknown): value is AltchaChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const parameters = (value as { parameters?: unknown }).parameters;
  if (typeof parameters !== 'object' || parameters === null) return false;
  const p = parameters as Record<string, unknown>;
  return (
    typeof p.algorithm === 'string' &&
    typeof p.nonce === 'string' &&
    typeof p.salt === 'string' &&
    typeof p.keyPrefix === 'string' &&
    typeof p.cost === 'number'
  );
}

/** The payload altcha-lib's verifySolution expects, base64 encoded. */
export function encodeAltchaPayload(
  challenge: AltchaChallenge,
  solution: AltchaWorkerSolution,
): string {
  const json = JSON.stringify({
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey, time: solution.time },
  });
  return btoa(json);
}

function createWorker(algorithm: string): Worker {
  if (algorithm.startsWith('PBKDF2/')) {
    return new Worker(new URL('./altcha-pbkdf2.worker.ts', import.meta.url), { type: 'module' });
  }
  if (algorithm.startsWith('SHA-')) {
    return new Worker(new URL('./altcha-sha.worker.ts', import.meta.url), { type: 'module' });
  }
  throw new Error(`Unsupported challenge algorithm: ${algorithm}`);
}

function isSolution(value: unknown): value is AltchaWorkerSolution {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AltchaWorkerSolution).counter === 'number' &&
    typeof (value as AltchaWorkerSolution).derivedKey === 'string'
  );
}

/** Runs the search on `concurrency` workers; the first answer wins and stops the others. */
function searchCounters(
  challenge: AltchaChallenge,
  concurrency: number,
  signal: AbortSignal,
): Promise<AltchaWorkerSolution> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let pending = concurrency;
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) worker.terminate();
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => finish(() => reject(new DOMException('Aborted', 'AbortError')));
    signal.addEventListener('abort', onAbort, { once: true });

    try {
      for (let i = 0; i < concurrency; i += 1) {
        const worker = createWorker(challenge.parameters.algorithm);
        workers.push(worker);
        worker.onmessage = (event: MessageEvent<unknown>) => {
          if (isSolution(event.data)) {
            const solution = event.data;
            finish(() => resolve(solution));
            return;
          }
          pending -= 1;
          if (pending === 0) {
            finish(() => reject(new Error('The verification challenge could not be solved.')));
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          finish(() => reject(new Error(event.message || 'The verification worker failed.')));
        };
        worker.postMessage({
          type: 'work',
          challenge: { parameters: challenge.parameters, signature: challenge.signature },
          counterStart: i,
          counterStep: concurrency,
          timeout: SOLVE_TIMEOUT_MS,
        });
      }
    } catch (error) {
      finish(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
  });
}

/** Fetches a challenge from the server and solves it (DESIGN §2). */
export async function solveAltcha(signal: AbortSignal): Promise<AltchaSolution> {
  const challenge = await apiGet<unknown>('/api/captcha/challenge', { signal });
  if (!isAltchaChallenge(challenge)) {
    throw new Error('The verification challenge could not be read.');
  }
  const concurrency = Math.min(8, Math.max(2, navigator.hardwareConcurrency || 2));
  const solution = await searchCounters(challenge, concurrency, signal);
  const expires = challenge.parameters.expiresAt;
  return {
    token: encodeAltchaPayload(challenge, solution),
    expiresAt: typeof expires === 'number' && expires > 0 ? expires * 1000 : null,
  };
}
