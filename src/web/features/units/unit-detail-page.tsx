import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, CalendarCheck, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { StatusBadge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { AmenityList } from './amenities-input';
import { useDeleteUnit } from './delete-unit';
import { unitQueryOptions, useUnit } from './get-unit';
import type { UnitDetail } from '../../../domain/schemas/unit.schema';
import { RecordHistoryCard } from '../audit/record-history-card';

/** A booking's page (the bookings feature's route), as a plain path. */
export function bookingPath(bookingId: string): string {
  return `${paths.bookings}/${encodeURIComponent(bookingId)}`;
}

export interface UnitDetailPageProps {
  unitId: string;
  /**
   * Sections other features add under the cabin's details (issue 22: housekeeping and the
   * maintenance log), given by the route so this feature needs none of theirs.
   */
  sections?: (unit: UnitDetail) => ReactNode;
}

/** SPEC §2 /units/{unitId}: the unit, its bookings and revenue stats. */
export function UnitDetailPage({ unitId, sections }: UnitDetailPageProps) {
  // Once deleted, the page shows only that while it is left: its sections (and their queries,
  // which a live update would refresh into 404s) are gone, and the cabin is not fetched again.
  const [deleted, setDeleted] = useState(false);
  const query = useUnit(unitId, !deleted);
  useDocumentTitle(query.data ? query.data.unit_name : 'Cabin');
  if (deleted)
    return (
      <p role="status" className="text-muted-foreground">
        Cabin deleted. Returning to the cabins…
      </p>
    );
  if (query.isPending) return <DetailSkeleton label="Loading cabin..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <NotFoundRecord entity="Cabin" />;
    return <LoadFailed entity="Cabin" message={`Failed to load cabin: ${query.error.message}`} />;
  }
  return (
    <UnitDetailView unit={query.data} onDeleted={() => setDeleted(true)} sections={sections} />
  );
}

function UnitDetailView({
  unit,
  onDeleted,
  sections,
}: {
  unit: UnitDetail;
  onDeleted: () => void;
  sections: UnitDetailPageProps['sections'];
}) {
  const user = useCurrentUser();
  const canEdit = hasRoleAtLeast(user?.role, 'manager');
  const canDelete = hasRoleAtLeast(user?.role, 'owner');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link to="/units" className={buttonVariants({ variant: 'link' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All cabins
        </Link>
      </div>
      <PageHeader
        eyebrow={`Cabin ${unit.unit_code}`}
        title={unit.unit_name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={unit.unit_status} />
            <span>{unit.unit_type}</span>
          </span>
        }
        actions={
          <>
            {canEdit ? (
              <Link
                to="/units/$unitId/edit"
                params={{ unitId: unit.unit_id }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            {canDelete ? <DeleteUnitButton unit={unit} onDeleted={onDeleted} /> : null}
          </>
        }
      />

      <section aria-labelledby="unit-stats-title" className="grid gap-3">
        <h2 id="unit-stats-title" className="text-lg font-semibold">
          {unit.stats.total_revenue === undefined ? 'Bookings' : 'Revenue'}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat
            label="Bookings"
            value={String(unit.stats.total_bookings)}
            note="Not counting cancelled ones"
          />
          {unit.stats.total_revenue !== undefined ? (
            <Stat
              label="Total revenue"
              value={formatCurrency(unit.stats.total_revenue)}
              note="Booking totals, each booking once"
            />
          ) : null}
          {unit.stats.average_revenue !== undefined ? (
            <Stat label="Average per booking" value={formatCurrency(unit.stats.average_revenue)} />
          ) : null}
        </dl>
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Occupancy">
              {unit.base_occupancy} included, up to {unit.max_occupancy} guests
            </Detail>
            <Detail label="Base rate">{formatCurrency(unit.base_rate)} per night</Detail>
            <Detail label="Weekend rate">{formatCurrency(unit.weekend_rate)} per night</Detail>
            <Detail label="Extra person rate">
              {formatCurrency(unit.extra_person_rate)} per night
            </Detail>
            <Detail label="Added">{formatDate(unit.created_at)}</Detail>
            <Detail label="Last changed">
              {formatDate(unit.updated_at, 'MMM dd, yyyy HH:mm')}
            </Detail>
            <div className="grid gap-1 sm:col-span-2 lg:col-span-3">
              <dt className="text-sm text-muted-foreground">Amenities</dt>
              <dd>
                <AmenityList amenities={unit.amenities} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {sections?.(unit)}

      <Card>
        <CardHeader>
          <CardTitle>Bookings</CardTitle>
          <CardDescription>Stays in this cabin, the latest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {unit.bookings.length === 0 ? (
            <EmptyState
              icon={CalendarCheck}
              headingLevel="h3"
              title="No bookings yet"
              description="Bookings of this cabin will be listed here."
            />
          ) : (
            <Table label={`Bookings of ${unit.unit_name}`} className="relative">
              <TableHeader>
                <TableRow>
                  <TableHead>Reference</TableHead>
                  <TableHead>Guest</TableHead>
                  <TableHead>Stay</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Payment</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {unit.bookings.map((booking) => (
                  <TableRow key={booking.booking_id}>
                    <TableCell>
                      <Link
                        to={bookingPath(booking.booking_id)}
                        className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
                      >
                        {booking.booking_reference}
                      </Link>
                    </TableCell>
                    <TableCell>{booking.guest_name}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(booking.check_in, 'MMM dd')} – {formatDate(booking.check_out)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={booking.booking_status} />
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={booking.payment_status} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCurrency(booking.total_amount)}
                      {booking.is_multi_unit ? (
                        <div className="text-xs text-muted-foreground">multi-cabin booking</div>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <RecordHistoryCard table="units" recordId={unit.unit_id} recordLabel="cabin" />
    </div>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {note ? <dd className="mt-1 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function DeleteUnitButton({ unit, onDeleted }: { unit: UnitDetail; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteUnit();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (unit.booking_count > 0) {
    // The server refuses it (its bookings keep their cabin): say so instead of offering it.
    const reason = `Has ${unit.booking_count} ${unit.booking_count === 1 ? 'booking' : 'bookings'}: cannot be deleted. Set it to Maintenance instead.`;
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button variant="destructive" disabled aria-describedby={`delete-reason-${unit.unit_id}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        <p
          id={`delete-reason-${unit.unit_id}`}
          className="max-w-64 text-xs text-muted-foreground sm:text-right"
        >
          {reason}
        </p>
      </div>
    );
  }
  return (
    <SimpleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete ${unit.unit_name}?`}
      description="The cabin is removed for good. A cabin that has bookings cannot be deleted: set it to Maintenance instead."
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            loading={remove.isPending}
            loadingText="Deleting..."
            onClick={() =>
              remove.mutate(unit.unit_id, {
                onSuccess: () => {
                  toast.success(`${unit.unit_name} deleted`);
                  onDeleted();
                  // Its page is left first, so the deleted cabin is not asked for again (a 404).
                  void navigate({ to: '/units' }).then(() =>
                    queryClient.removeQueries({
                      queryKey: unitQueryOptions(unit.unit_id).queryKey,
                    }),
                  );
                },
                onSettled: () => setOpen(false),
              })
            }
          >
            Delete Cabin
          </Button>
        </>
      }
    />
  );
}
