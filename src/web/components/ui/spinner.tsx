import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface SpinnerProps {
  /** Text announced to screen readers; omit when the spinner sits inside a labelled control. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizeClass = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** A spinning indicator. With a label it is a polite status region; without one it is hidden. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const icon = (
    <Loader2
      aria-hidden="true"
      className={cn('shrink-0 motion-safe:animate-spin', sizeClass[size], className)}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
