import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline' | 'info' | 'warning';

const variantClass: Record<BadgeVariant, string> = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-sand-300 bg-secondary text-secondary-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  outline: 'border-input-border bg-surface text-foreground',
  info: 'border-sea-200 bg-accent text-accent-foreground',
  warning: 'border-sand-400 bg-warning-soft text-warning-foreground',
};

/**
 * SPEC §4 "Badge styles". DESIGN §3 adds Unpaid (waiting like pending) and Failed (a failed
 * payment, shown like a cancellation). The folio's payment statuses (issue 17): a proof awaiting
 * verification and an overpayment (a credit to refund or carry) ask for staff's attention; a
 * paid deposit is on its way to Paid. Anything unknown falls back to outline.
 */
const statusVariants: Readonly<Record<string, BadgeVariant>> = {
  confirmed: 'default',
  checkedin: 'default',
  paid: 'default',
  completed: 'default',
  available: 'default',
  pending: 'secondary',
  partial: 'secondary',
  reserved: 'secondary',
  unpaid: 'secondary',
  // Issue 17: the folio's payment statuses.
  pendingverification: 'warning',
  overpaid: 'warning',
  depositpaid: 'info',
  cancelled: 'destructive',
  refunded: 'destructive',
  maintenance: 'destructive',
  failed: 'destructive',
  checkedout: 'outline',
  occupied: 'outline',
};

/** The badge variant of a booking, payment or unit status ("CheckedIn", "checked_in", "Paid"). */
export function statusBadgeVariant(status: string): BadgeVariant {
  const key = status.toLowerCase().replace(/[^a-z]/g, '');
  return statusVariants[key] ?? 'outline';
}

/** "CheckedIn" → "Checked In", "BankTransfer" → "Bank Transfer". */
export function statusLabel(status: string): string {
  return status
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
        variantClass[variant],
        className,
      )}
      {...props}
    />
  );
}

/** A badge for a status value, with the SPEC §4 colour and a readable label. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={statusBadgeVariant(status)} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
