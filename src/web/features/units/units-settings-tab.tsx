import { Link } from '@tanstack/react-router';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatCurrency } from '../../../domain/format';
import { StatusBadge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert } from '../../components/ui/inline-alert';
import { useAllUnits } from './get-units';
import { UnitFormDialog } from './unit-form-dialog';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';

/**
 * SPEC §2 Settings "Units" tab: the cabins with add and edit in a dialog (the same dialog as
 * /units). Managers and above change cabins; others see the list.
 */
export function UnitsSettingsTab() {
  const user = useCurrentUser();
  const canManage = hasRoleAtLeast(user?.role, 'manager');
  const units = useAllUnits();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Unit | null>(null);

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Cabins</CardTitle>
          <CardDescription>
            Rates, occupancy and status of each cabin.{' '}
            <Link to="/units" className="font-medium text-primary underline underline-offset-4">
              Open the Cabins page
            </Link>
          </CardDescription>
        </div>
        {canManage ? (
          <UnitFormDialog
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Cabin
              </Button>
            }
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {units.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span role="status" className="sr-only">
              Loading cabins...
            </span>
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : units.isError ? (
          <InlineAlert tone="error" title="Failed to load cabins">
            {units.error.message}
          </InlineAlert>
        ) : units.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cabins yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {units.data.data.map((unit) => (
              <li key={unit.unit_id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-semibold">{unit.unit_name}</span>
                  <span className="text-sm text-muted-foreground">
                    {unit.unit_code} · {unit.unit_type} · up to {unit.max_occupancy} guests ·{' '}
                    {formatCurrency(unit.base_rate, { wholePesos: true })} a night
                  </span>
                </div>
                <StatusBadge status={unit.unit_status} />
                {canManage ? (
                  <Button variant="outline" size="sm" onClick={() => setEditing(unit)}>
                    <Pencil aria-hidden="true" />
                    Edit<span className="sr-only"> {unit.unit_name}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing ? (
        <UnitFormDialog
          open
          unit={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </Card>
  );
}
