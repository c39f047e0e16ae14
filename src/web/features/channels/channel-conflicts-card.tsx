import { AlertTriangle } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import type { ChannelConflictDto } from '../../../domain/schemas/channel.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useCurrentUser } from '../auth/get-session';
import { useChannelConflicts } from './get-channel-conflicts';

/**
 * The dialog (Radix, the resolution schema) loads when staff first choose Resolve: the dashboard
 * is the back office's first page, and most days it shows no conflict (decision 0014, round 4).
 */
const ResolveDialog = lazy(() =>
  import('./resolve-conflict-dialog').then((module) => ({ default: module.ResolveDialog })),
);

/** The card's anchor: the booking page's alert links to /dashboard#channel-conflicts. */
export const CONFLICTS_CARD_ID = 'channel-conflicts';

/**
 * Issue 19 §4: a channel's booking imported over a direct one. Shown on the dashboard until staff
 * resolve it; nothing shows while there is none.
 */
export function ChannelConflictsCard() {
  const query = useChannelConflicts();
  const user = useCurrentUser();
  const canResolve = hasRoleAtLeast(user?.role, 'manager');
  const [resolving, setResolving] = useState<ChannelConflictDto | null>(null);
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card id={CONFLICTS_CARD_ID} tabIndex={-1} className="border-destructive/40">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <AlertTriangle aria-hidden="true" className="size-5 text-destructive" />
          Channel conflicts
        </CardTitle>
        <CardDescription>
          A channel booked nights that a direct booking already holds. Move or cancel the direct
          booking, or settle it on the channel, then record what was done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {query.data.map((conflict) => (
            <li
              key={conflict.hold_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
            >
              <div>
                <p className="font-semibold">
                  {conflict.unit_name}: {conflict.channel} ({conflict.feed_name})
                </p>
                <p className="text-sm">
                  {formatDate(conflict.start_date, 'MMM dd, yyyy')} to{' '}
                  {formatDate(conflict.end_date, 'MMM dd, yyyy')} · over{' '}
                  {conflict.booking_references.join(', ') || 'a direct booking'}
                </p>
              </div>
              {canResolve ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Resolve the ${conflict.channel} conflict on ${conflict.unit_name}`}
                  onClick={() => setResolving(conflict)}
                >
                  Resolve
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
      {resolving ? (
        <Suspense fallback={null}>
          <ResolveDialog conflict={resolving} onClose={() => setResolving(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
