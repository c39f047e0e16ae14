import { Badge, statusBadgeVariant, statusLabel } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

/**
 * A status badge that says which status it is ("Booking: Pending", "Payment: Pending"): a
 * booking and its payment share status names, so two bare badges side by side read alike.
 * `visuallyHiddenLabel` keeps the words for screen readers only, where a column is narrow.
 */
export function LabelledStatusBadge({
  label,
  status,
  visuallyHiddenLabel = false,
}: {
  label: string;
  status: string;
  visuallyHiddenLabel?: boolean;
}) {
  return (
    <Badge variant={statusBadgeVariant(status)}>
      <span className={cn('font-medium', visuallyHiddenLabel && 'sr-only')}>{label}:</span>{' '}
      {statusLabel(status)}
    </Badge>
  );
}
