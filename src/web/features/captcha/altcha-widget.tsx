import { CheckCircle2, RotateCcw, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { solveAltcha } from './solve-altcha';

export type VerificationState = 'idle' | 'verifying' | 'verified' | 'error' | 'expired';

export interface AltchaWidgetProps {
  /** The solved payload; null when the verification is cleared (expired, reset). */
  onChange: (token: string | null) => void;
  /** Changing this number clears the verification (a used or refused token). */
  resetKey: number;
  /** Start verifying again by itself after a reset that follows a success. */
  autoRestart?: boolean;
  /** A message from the form (e.g. the server refused the solution). */
  error?: string;
}

const STATUS_TEXT: Record<VerificationState, string> = {
  idle: 'Tick the box to confirm you are not a robot.',
  verifying: 'Verifying…',
  verified: 'Verified. You can now submit your booking.',
  error: 'Verification failed. Please try again.',
  expired: 'Verification expired. Please verify again.',
};

/**
 * DESIGN §2's self-hosted ALTCHA challenge as an "I'm not a robot" checkbox. The proof of work
 * runs in web workers (altcha-lib); nothing is loaded from another host and no inline style is
 * used, so it works under the app's strict Content-Security-Policy.
 */
export function AltchaWidget({
  onChange,
  resetKey,
  autoRestart = false,
  error,
}: AltchaWidgetProps) {
  const [state, setState] = useState<VerificationState>('idle');
  const abortRef = useRef<AbortController | null>(null);
  const expiryTimer = useRef<number | undefined>(undefined);
  const lastResetKey = useRef(resetKey);
  const onChangeRef = useRef(onChange);
  const checkboxId = useId();
  const statusId = `${checkboxId}-status`;
  const errorId = `${checkboxId}-error`;

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    window.clearTimeout(expiryTimer.current);
  }, []);

  const verify = useCallback(async () => {
    clear();
    const controller = new AbortController();
    abortRef.current = controller;
    setState('verifying');
    onChangeRef.current(null);
    try {
      const solution = await solveAltcha(controller.signal);
      if (controller.signal.aborted) return;
      setState('verified');
      onChangeRef.current(solution.token);
      if (solution.expiresAt !== null) {
        // Re-verify a little before the server would refuse the solution.
        const delay = Math.max(0, solution.expiresAt - Date.now() - 10_000);
        expiryTimer.current = window.setTimeout(() => {
          setState('expired');
          onChangeRef.current(null);
        }, delay);
      }
    } catch (cause) {
      if (controller.signal.aborted) return;
      console.warn('Human verification failed', cause);
      setState('error');
      onChangeRef.current(null);
    }
  }, [clear]);

  // A new resetKey means the token was used or refused: clear it, and verify again if asked.
  useEffect(() => {
    if (lastResetKey.current === resetKey) return;
    lastResetKey.current = resetKey;
    clear();
    onChangeRef.current(null);
    if (autoRestart) void verify();
    else setState('idle');
  }, [resetKey, autoRestart, clear, verify]);

  useEffect(() => clear, [clear]);

  const busy = state === 'verifying';
  const verified = state === 'verified';
  const describedBy = [statusId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border bg-surface p-4',
        error || state === 'error' ? 'border-destructive' : 'border-input-border',
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="inline-flex size-7 shrink-0 items-center justify-center">
          {/* The box stays in place while verifying so keyboard focus is never lost. */}
          <input
            id={checkboxId}
            type="checkbox"
            className="size-6 cursor-pointer accent-primary aria-disabled:cursor-default"
            checked={verified}
            aria-disabled={busy || verified ? true : undefined}
            aria-describedby={describedBy}
            aria-invalid={error || state === 'error' ? true : undefined}
            onChange={(event) => {
              if (busy || verified) return;
              if (event.target.checked) void verify();
            }}
          />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <label htmlFor={checkboxId} className="cursor-pointer text-sm font-medium">
            I&apos;m not a robot
          </label>
          <p
            id={statusId}
            role="status"
            className={cn(
              'flex items-start gap-1 text-sm',
              verified ? 'text-success-foreground' : 'text-muted-foreground',
              state === 'error' && 'text-destructive',
            )}
          >
            {busy ? <Spinner size="sm" className="text-primary" /> : null}
            {verified ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : null}
            <span>{STATUS_TEXT[state]}</span>
          </p>
        </div>
      </div>
      {state === 'error' || state === 'expired' ? (
        <Button type="button" variant="outline" size="sm" onClick={() => void verify()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      ) : (
        <span className="flex w-full items-center gap-1 border-t border-border pt-2 text-xs text-muted-foreground sm:w-auto sm:border-0 sm:pt-0">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Protected by ALTCHA, without tracking
        </span>
      )}
      {error ? (
        <p id={errorId} className="w-full text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
