import { Link } from '@tanstack/react-router';
import { CloudOff } from 'lucide-react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { useCurrentUser } from '../auth/get-session';
import { CHANNEL_SYNC_SECTION_ID } from './channel-keys';
import { useFailingFeeds } from './get-failing-feeds';

/**
 * Issue 19 §4: a channel feed that has failed for more than 24 hours no longer keeps the cabin's
 * nights in step, so the dashboard warns managers (who can fix it) and links to the cabin's
 * channel sync. Nothing shows while every feed is well.
 */
export function FailingFeedsCard() {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const query = useFailingFeeds(isManager);
  if (!isManager || !query.data || query.data.length === 0) return null;
  return (
    <Card className="border-sand-400" role="region" aria-labelledby="failing-feeds-title">
      <CardHeader>
        <CardTitle as="h2" id="failing-feeds-title" className="flex items-center gap-2">
          <CloudOff aria-hidden="true" className="size-5 text-warning-foreground" />
          Channel feeds failing
        </CardTitle>
        <CardDescription>
          These calendars have not downloaded for more than 24 hours: nights booked on the channel
          since then are not held here. Check the feed&apos;s address on the cabin&apos;s channel
          sync.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {query.data.map((feed) => (
            <li key={feed.feed_id} className="grid gap-1 rounded-lg border border-border p-3">
              <p className="font-semibold">
                {feed.unit_name}: {feed.name} ({feed.channel})
              </p>
              <p className="text-sm">
                Last success:{' '}
                {feed.last_success_at
                  ? formatDate(feed.last_success_at, 'MMM dd, yyyy h:mm a')
                  : 'never'}{' '}
                · {feed.last_error}
              </p>
              <Link
                to="/units/$unitId/edit"
                params={{ unitId: feed.unit_id }}
                hash={CHANNEL_SYNC_SECTION_ID}
                className="text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                Open the channel sync of {feed.unit_name}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
