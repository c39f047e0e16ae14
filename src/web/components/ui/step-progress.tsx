import { Progress } from './progress';

export interface StepProgressProps {
  /** The step under way, or null when nothing is. */
  step: { value: number; label: string } | null;
  /** The bar's accessible name ("Booking progress"). */
  label: string;
}

/**
 * A multi-step submit's progress (SPEC §4's guest booking, issue 17's balance proof): the bar, what
 * is being done and the percentage, read out politely as each step starts.
 */
export function StepProgress({ step, label }: StepProgressProps) {
  return (
    <div aria-live="polite" className={step ? 'grid gap-2' : 'sr-only'}>
      {step ? (
        <>
          <Progress value={step.value} label={label} />
          <p className="flex justify-between gap-4 text-sm">
            <span>{step.label}</span>
            <span className="text-muted-foreground tabular-nums">{step.value}%</span>
          </p>
        </>
      ) : null}
    </div>
  );
}
