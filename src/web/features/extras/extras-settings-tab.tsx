import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { formatCurrency } from '../../../domain/format';
import type { Extra } from '../../../domain/schemas/extra.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { InlineAlert } from '../../components/ui/inline-alert';
import { CHARGE_PER_LABELS, TAX_TREATMENT_SHORT } from './extra-labels';
import { ExtraFormDialog } from './extra-form-dialog';
import { useExtras } from './get-extras';
import { useSaveExtra } from './save-extra';

/**
 * Issue 17 point 4, Settings → Extras (managers and up): the catalogue of extras a stay can
 * carry, with add and edit in a dialog and an active toggle per extra.
 */
export function ExtrasSettingsTab() {
  const extras = useExtras();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Extra | null>(null);

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle as="h3">Extras</CardTitle>
          <CardDescription>
            Breakfast, transfers, tours and fees that staff add to a stay; the ones marked for
            guests are offered on the booking form.
          </CardDescription>
        </div>
        <ExtraFormDialog
          open={adding}
          onOpenChange={setAdding}
          trigger={
            <Button>
              <Plus aria-hidden="true" />
              Add Extra
            </Button>
          }
        />
      </CardHeader>
      <CardContent>
        {extras.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span role="status" className="sr-only">
              Loading extras...
            </span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : extras.isError ? (
          <InlineAlert tone="error" title="Failed to load the extras">
            <span className="grid gap-2">
              <span>{extras.error.message}</span>
              <span>
                <Button variant="outline" size="sm" onClick={() => void extras.refetch()}>
                  Try again
                </Button>
              </span>
            </span>
          </InlineAlert>
        ) : extras.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-sand-300 px-4 py-6 text-center text-sm text-muted-foreground">
            No extras yet. Add breakfast, a boat transfer or a tour so staff can charge them.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Extras">
            {extras.data.map((extra) => (
              <ExtraRow key={extra.extra_id} extra={extra} onEdit={() => setEditing(extra)} />
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <ExtraFormDialog
          key={editing.extra_id}
          open
          extra={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </Card>
  );
}

function ExtraRow({ extra, onEdit }: { extra: Extra; onEdit: () => void }) {
  const toggle = useSaveExtra();
  // The switch moves at once; the list's refetch (or a refusal) settles it.
  const [pending, setPending] = useState<boolean | null>(null);
  const setActive = async (active: boolean) => {
    setPending(active);
    try {
      await toggle.mutateAsync({ extraId: extra.extra_id, body: { active } });
      toast.success(active ? `${extra.name} is active` : `${extra.name} is inactive`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The extra was not changed.');
    } finally {
      setPending(null);
    }
  };
  const switchId = `extra-active-${extra.extra_id}`;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <span className="font-semibold break-words">{extra.name}</span>
        <span className="text-sm text-muted-foreground">
          {formatCurrency(extra.price)} {CHARGE_PER_LABELS[extra.charge_per]} ·{' '}
          {TAX_TREATMENT_SHORT[extra.tax_treatment]}
        </span>
        <span className="flex flex-wrap gap-1.5 pt-1">
          {extra.guest_bookable ? (
            <Badge variant="secondary">Guests can book</Badge>
          ) : (
            <Badge variant="outline">Staff only</Badge>
          )}
          {extra.active ? null : <Badge variant="outline">Inactive</Badge>}
        </span>
      </div>
      <label htmlFor={switchId} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          checked={pending ?? extra.active}
          disabled={toggle.isPending}
          aria-label={`${extra.name} active`}
          onChange={(event) => void setActive(event.target.checked)}
        />
        Active
      </label>
      <Button variant="outline" size="sm" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {extra.name}</span>
      </Button>
    </li>
  );
}
