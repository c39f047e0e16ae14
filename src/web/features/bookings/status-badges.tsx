import { Badge, statusBadgeVariant, statusLabel } from '../../components/ui/badge';

/**
 * A status badge that says which status it is ("Booking: Pending", "Payment: Pending"): a
 * booking and its payment share status names, so two bare badges side by side read alike.
 */
export function LabelledStatusBadge({ label, status }: { label: string; status: string }) {
  return (
    <Badge variant={statusBadgeVariant(status)}>
      <span className="font-medium">{label}:</span> {statusLabel(status)}
    </Badge>
  );
}
