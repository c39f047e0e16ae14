import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import type { Season } from '../../../domain/pricing';
import type { StayRuleDto } from '../../../domain/schemas/stay-rule.schema';
import { weekdayList } from '../../../domain/stay-rules';
import { Button } from '../../components/ui/button';
import { EmptyNote } from '../../components/ui/empty-note';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useCabinNames } from '../units/cabin-choice';
import { useDeleteStayRule } from './delete-stay-rule';
import { useStayRules } from './get-stay-rules';
import { StayRuleFormDialog } from './stay-rule-form-dialog';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a rule limits, one phrase per limit. */
export function stayRuleLimits(rule: StayRuleDto): string[] {
  const limits: string[] = [];
  if (rule.min_nights !== null && rule.max_nights !== null) {
    limits.push(`${rule.min_nights} to ${rule.max_nights} nights`);
  } else if (rule.min_nights !== null) {
    limits.push(`At least ${count(rule.min_nights, 'night')}`);
  } else if (rule.max_nights !== null) {
    limits.push(`At most ${count(rule.max_nights, 'night')}`);
  }
  if (rule.closed_to_arrival.length > 0) {
    limits.push(`No arrivals on ${weekdayList(rule.closed_to_arrival)}`);
  }
  if (rule.closed_to_departure.length > 0) {
    limits.push(`No departures on ${weekdayList(rule.closed_to_departure)}`);
  }
  if (rule.min_days_ahead !== null) {
    limits.push(`Booked at least ${count(rule.min_days_ahead, 'day')} ahead`);
  }
  if (rule.max_days_ahead !== null) {
    limits.push(`Booked at most ${count(rule.max_days_ahead, 'day')} ahead`);
  }
  return limits;
}

/**
 * Issue 21 point 1, Settings → Pricing → Stay rules: the minimum and maximum stays, closed
 * arrival and departure days and booking windows. Owners and administrators add, edit and delete;
 * other roles read them.
 */
export function StayRulesSection({
  seasons,
  canEdit,
}: {
  seasons: readonly Season[];
  canEdit: boolean;
}) {
  const rules = useStayRules();
  const cabinNames = useCabinNames();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StayRuleDto | null>(null);
  const [deleting, setDeleting] = useState<StayRuleDto | null>(null);
  const remove = useDeleteStayRule();

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h3">Stay rules</CardTitle>
          <CardDescription>
            Minimum and maximum stays, days closed to arrival or departure, and how far ahead a stay
            may be booked, for all cabins or chosen ones. Managers may book past a rule with a
            reason.
          </CardDescription>
        </div>
        {canEdit ? (
          <StayRuleFormDialog
            seasons={seasons}
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Stay Rule
              </Button>
            }
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {rules.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span role="status" className="sr-only">
              Loading stay rules...
            </span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : rules.isError ? (
          <LoadFailedAlert
            title="Failed to load the stay rules"
            error={rules.error}
            onRetry={() => void rules.refetch()}
          />
        ) : rules.data.length === 0 ? (
          <EmptyNote>No stay rules: any stay of one night or more can be booked.</EmptyNote>
        ) : (
          <ul className="divide-y divide-border" aria-label="Stay rules">
            {rules.data.map((rule) => {
              const dates = `${formatDate(rule.from)} to ${formatDate(rule.to)}`;
              return (
                <li
                  key={rule.stay_rule_id}
                  className="flex flex-wrap items-center gap-3 py-3"
                  aria-label={`Stay rule ${dates}`}
                >
                  <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                    <span className="font-semibold break-words">Arrivals {dates}</span>
                    <span className="text-sm break-words text-muted-foreground">
                      {cabinNames(rule.unit_ids)}
                    </span>
                    <span className="text-sm break-words">{stayRuleLimits(rule).join(' · ')}</span>
                  </div>
                  {canEdit ? (
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(rule)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> the stay rule {dates}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive"
                        onClick={() => setDeleting(rule)}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete<span className="sr-only"> the stay rule {dates}</span>
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <StayRuleFormDialog
          key={editing.stay_rule_id}
          rule={editing}
          seasons={seasons}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <SimpleDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this stay rule?"
        description={
          deleting
            ? `Stays arriving ${formatDate(deleting.from)} to ${formatDate(deleting.to)} (${cabinNames(deleting.unit_ids)}) will no longer be limited by it. Bookings already made are kept.`
            : undefined
        }
        footer={
          <>
            <Button type="button" variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="destructive"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.stay_rule_id, {
                  onSuccess: () => {
                    setDeleting(null);
                    toast.success('Stay rule deleted');
                  },
                });
              }}
            >
              Delete Rule
            </Button>
          </>
        }
      />
    </Card>
  );
}
