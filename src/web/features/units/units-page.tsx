import { Link } from '@tanstack/react-router';
import { BedDouble, Eye, Pencil, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { hasRoleAtLeast, LIMITS, UNIT_STATUSES, UNIT_TYPES } from '../../../domain/constants';
import type { UnitStatus } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { MESSAGES } from '../../../domain/messages';
import { RATE_RANGE_MESSAGE, isRateRangeContradictory } from '../../../domain/schemas/unit.schema';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { StatusBadge } from '../../components/ui/badge';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { InlineAlert, LoadFailedAlert } from '../../components/ui/inline-alert';
import { AmenityList } from './amenities-input';
import { useBulkUnitStatus } from './bulk-unit-status';
import { useUpcomingUnitBookings } from './get-upcoming-unit-bookings';
import { useUnits } from './get-units';
import { SearchBox } from '../../components/ui/search-box';
import { UnitFormDialog } from './unit-form-dialog';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';
import { definedOnly, type UnitsSearch } from './units-search';

export const UNITS_PAGE_SIZE = 20;

const STATUS_FILTERS = UNIT_STATUSES.map((s) => ({ value: s, label: s }));
const TYPE_FILTERS = UNIT_TYPES.map((t) => ({ value: t, label: t }));

export interface UnitsPageProps {
  search: UnitsSearch;
  onSearchChange: (next: UnitsSearch) => void;
}

/** SPEC §2 /units: "Cabins", filters, "Add Cabin", bulk status change of the selected units. */
export function UnitsPage({ search, onSearchChange }: UnitsPageProps) {
  useDocumentTitle('Cabins');
  const user = useCurrentUser();
  const canManage = hasRoleAtLeast(user?.role, 'manager');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Unit | null>(null);
  const page = search.page ?? 1;
  // A range that matches nothing is not asked for: the filter says why at the field.
  const contradictory = isRateRangeContradictory(search.min_rate, search.max_rate);
  const query = useUnits(
    {
      status: search.status,
      type: search.type,
      search: search.search,
      min_rate: search.min_rate,
      max_rate: search.max_rate,
      min_occupancy: search.min_occupancy,
      page,
      page_size: UNITS_PAGE_SIZE,
    },
    { enabled: !contradictory },
  );

  const setFilters = useCallback(
    (change: Partial<UnitsSearch>) => {
      // A new filter starts again at page 1.
      onSearchChange(definedOnly({ ...search, ...change, page: undefined }));
    },
    [onSearchChange, search],
  );
  const filtered = Object.keys(search).some((key) => key !== 'page');

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Cabins"
        description="The resort's cabins with their rates, occupancy and status."
        actions={
          canManage ? (
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
          ) : null
        }
      />

      <UnitFilters search={search} onChange={setFilters} onClear={() => onSearchChange({})} />

      {contradictory ? (
        <InlineAlert tone="info" title={RATE_RANGE_MESSAGE}>
          <p>Change the minimum or maximum rate to see cabins.</p>
        </InlineAlert>
      ) : query.isError && !query.data ? (
        <LoadFailedAlert
          title="Failed to load cabins"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.isPending ? (
        <UnitsTableSkeleton />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={BedDouble}
          title={filtered ? 'No cabins match these filters' : 'No cabins yet'}
          description={
            filtered
              ? 'Try other filters, or clear them to see every cabin.'
              : 'Add the resort’s first cabin to start taking bookings.'
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                Clear filters
              </Button>
            ) : canManage ? (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add Cabin
              </Button>
            ) : null
          }
        />
      ) : (
        <UnitsTable
          units={query.data.data}
          total={query.data.total}
          canManage={canManage}
          onEdit={setEditing}
          refreshing={query.isFetching}
        />
      )}

      {query.data && !contradictory ? (
        <Pagination
          page={page}
          pageSize={UNITS_PAGE_SIZE}
          total={query.data.total}
          itemLabel={query.data.total === 1 ? 'cabin' : 'cabins'}
          onPageChange={(next) =>
            onSearchChange(definedOnly({ ...search, page: next > 1 ? next : undefined }))
          }
        />
      ) : null}

      {editing ? (
        <UnitFormDialog
          open
          unit={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}

function UnitFilters({
  search,
  onChange,
  onClear,
}: {
  search: UnitsSearch;
  onChange: (change: Partial<UnitsSearch>) => void;
  onClear: () => void;
}) {
  const id = useId();
  const onSearch = useCallback(
    (value: string | undefined) => onChange({ search: value }),
    [onChange],
  );
  const [texts, setTexts] = useState<NumberTexts>(() => ({
    min_rate: numberText(search.min_rate),
    max_rate: numberText(search.max_rate),
    min_occupancy: numberText(search.min_occupancy),
  }));
  // What was typed, 400 ms after typing stopped: checked, then applied when every value is right.
  const [settled, setSettled] = useState(texts);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(texts), 400);
    return () => window.clearTimeout(timer);
  }, [texts]);
  const checked = useMemo(() => checkNumberFilters(settled), [settled]);
  const latest = useRef({ search, onChange });
  useEffect(() => {
    latest.current = { search, onChange };
  });
  // The addresses asked for from here and not yet seen back: while one is on its way, the
  // address passing through an earlier one must not replace what was typed since.
  const requested = useRef<string[]>([]);
  useEffect(() => {
    if (Object.keys(checked.errors).length > 0) return;
    const current = latest.current.search;
    const change: Partial<UnitsSearch> = {};
    for (const key of NUMBER_KEYS) {
      if (checked.values[key] !== current[key]) change[key] = checked.values[key];
    }
    if (Object.keys(change).length > 0) {
      requested.current.push(numbersKey(checked.values));
      latest.current.onChange(change);
    }
  }, [checked]);
  // A value from the address (Back, Clear filters) replaces what is typed; one applied from
  // here is already what the field shows.
  const { min_rate: minRate, max_rate: maxRate, min_occupancy: minOccupancy } = search;
  useEffect(() => {
    const values = { min_rate: minRate, max_rate: maxRate, min_occupancy: minOccupancy };
    const seen = requested.current.indexOf(numbersKey(values));
    if (seen >= 0) {
      // One of ours arriving: what the fields show is already it, or newer.
      requested.current.splice(0, seen + 1);
      return;
    }
    requested.current = [];
    const sync = (previous: NumberTexts) => {
      const next = { ...previous };
      for (const key of NUMBER_KEYS) {
        if (readNumber(previous[key]) !== values[key]) next[key] = numberText(values[key]);
      }
      return NUMBER_KEYS.every((key) => next[key] === previous[key]) ? previous : next;
    };
    setTexts(sync);
    setSettled(sync);
  }, [minRate, maxRate, minOccupancy]);
  const numberField = (key: NumberKey) => ({
    value: texts[key],
    error: checked.errors[key],
    onChange: (text: string) => setTexts((previous) => ({ ...previous, [key]: text })),
    onEnter: () => setSettled(texts),
  });
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <h2 className="sr-only">Filters</h2>
        <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4 lg:grid-cols-3 xl:grid-cols-6">
          <Field
            label="Search"
            id={`${id}-search`}
            className="col-span-2 lg:col-span-3 xl:col-span-2"
          >
            <SearchBox
              label="Search cabins by name or code"
              placeholder="Name or code"
              value={search.search}
              onSearch={onSearch}
            />
          </Field>
          <Field label="Status">
            <Select
              placeholder="All statuses"
              options={STATUS_FILTERS}
              value={search.status ?? ''}
              onChange={(event) =>
                onChange({ status: (event.target.value || undefined) as UnitsSearch['status'] })
              }
            />
          </Field>
          <Field label="Type">
            <Select
              placeholder="All types"
              options={TYPE_FILTERS}
              value={search.type ?? ''}
              onChange={(event) =>
                onChange({ type: (event.target.value || undefined) as UnitsSearch['type'] })
              }
            />
          </Field>
          <NumberFilter label="Minimum rate (₱)" min={0} {...numberField('min_rate')} />
          <NumberFilter label="Maximum rate (₱)" min={0} {...numberField('max_rate')} />
          <NumberFilter
            label="Guests at least"
            min={1}
            max={LIMITS.guests_max}
            integer
            {...numberField('min_occupancy')}
          />
        </div>
        <div>
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A number filter's text as typed: undefined when empty, NaN when unreadable. */
function readNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}

type NumberKey = 'min_rate' | 'max_rate' | 'min_occupancy';

/** The three numbers of an address, as one comparable text. */
function numbersKey(values: Partial<Record<NumberKey, number | undefined>>): string {
  return NUMBER_KEYS.map((key) => values[key] ?? '').join('|');
}
type NumberTexts = Record<NumberKey, string>;
const NUMBER_KEYS: readonly NumberKey[] = ['min_rate', 'max_rate', 'min_occupancy'];

/**
 * The number filters' values and messages: SPEC §5 (rates at least 0, occupancy a whole number
 * from 1 to 20) and a rate range whose minimum is not above its maximum.
 */
export function checkNumberFilters(texts: NumberTexts): {
  values: Partial<Record<NumberKey, number>>;
  errors: Partial<Record<NumberKey, string>>;
} {
  const minRate = readNumber(texts.min_rate);
  const maxRate = readNumber(texts.max_rate);
  const occupancy = readNumber(texts.min_occupancy);
  const errors: Partial<Record<NumberKey, string>> = {};
  const badRate = (n: number | undefined) => n !== undefined && !(Number.isFinite(n) && n >= 0);
  if (badRate(minRate)) errors.min_rate = MESSAGES.minRateNegative;
  if (badRate(maxRate)) errors.max_rate = MESSAGES.maxRateNegative;
  if (
    occupancy !== undefined &&
    !(Number.isInteger(occupancy) && occupancy >= 1 && occupancy <= LIMITS.guests_max)
  ) {
    errors.min_occupancy = `Must be a whole number from 1 to ${LIMITS.guests_max}`;
  }
  if (!errors.min_rate && !errors.max_rate && isRateRangeContradictory(minRate, maxRate)) {
    errors.min_rate = RATE_RANGE_MESSAGE;
  }
  return { values: { min_rate: minRate, max_rate: maxRate, min_occupancy: occupancy }, errors };
}

/** A number filter: applied as the others are, 400 ms after typing stops (at once on Enter). */
function NumberFilter({
  label,
  value,
  min,
  max,
  integer = false,
  error,
  onChange,
  onEnter,
}: {
  label: string;
  value: string;
  min: number;
  max?: number;
  integer?: boolean;
  error: string | undefined;
  onChange: (text: string) => void;
  onEnter: () => void;
}) {
  return (
    <Field label={label} error={error}>
      <Input
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={integer ? 1 : 'any'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          }
        }}
      />
    </Field>
  );
}

function UnitsTable({
  units,
  total,
  canManage,
  onEdit,
  refreshing,
}: {
  units: Unit[];
  total: number;
  canManage: boolean;
  onEdit: (unit: Unit) => void;
  refreshing: boolean;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<UnitStatus | ''>('');
  const bulk = useBulkUnitStatus();
  const ids = useMemo(() => units.map((u) => u.unit_id), [units]);

  // Rows that left the page (another page, a filter) leave the selection.
  useEffect(() => {
    setSelected((current) => {
      const kept = new Set([...current].filter((id) => ids.includes(id)));
      return kept.size === current.size ? current : kept;
    });
  }, [ids]);

  const allSelected = selected.size > 0 && selected.size === units.length;
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(ids));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const [confirming, setConfirming] = useState(false);
  const applyStatus = () => {
    if (!status || selected.size === 0) return;
    // A cabin taken out of letting may still have guests coming: confirm, naming them, first.
    if (status !== 'Available') {
      setConfirming(true);
      return;
    }
    changeStatus();
  };
  const changeStatus = () => {
    if (!status || selected.size === 0) return;
    bulk.mutate(
      { unit_ids: [...selected], unit_status: status },
      {
        onSuccess: (result) => {
          toast.success(
            `${result.updated} ${result.updated === 1 ? 'cabin' : 'cabins'} set to ${status}`,
          );
          setSelected(new Set());
          setStatus('');
          setConfirming(false);
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-3">
      {canManage ? (
        <div
          className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3 sm:flex-row sm:items-center"
          role="group"
          aria-label="Change the status of the selected cabins"
        >
          <p className="text-sm font-medium" aria-live="polite">
            {selected.size === 0
              ? 'Select cabins to change their status together.'
              : `${selected.size} selected`}
          </p>
          <div className="flex gap-2 sm:ml-auto">
            <Select
              aria-label="New status for the selected cabins"
              placeholder="New status"
              options={STATUS_FILTERS}
              value={status}
              disabled={selected.size === 0}
              onChange={(event) => setStatus(event.target.value as UnitStatus | '')}
              className="min-w-40"
            />
            <Button
              onClick={applyStatus}
              disabled={selected.size === 0 || !status}
              loading={bulk.isPending}
              loadingText="Applying..."
            >
              Apply
            </Button>
          </div>
        </div>
      ) : null}
      {confirming && status ? (
        <BulkStatusConfirmDialog
          unitIds={[...selected]}
          status={status}
          pending={bulk.isPending}
          onConfirm={changeStatus}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      <Table label="Cabins" className="relative" aria-busy={refreshing || undefined}>
        <TableCaption className="sr-only">
          {total} {total === 1 ? 'cabin' : 'cabins'}
        </TableCaption>
        <TableHeader>
          <TableRow>
            {canManage ? (
              <TableHead className="w-10">
                <input
                  type="checkbox"
                  className="size-5 accent-sea-700"
                  aria-label="Select all cabins on this page"
                  checked={allSelected}
                  onChange={toggleAll}
                />
              </TableHead>
            ) : null}
            <TableHead>Cabin</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Guests</TableHead>
            <TableHead className="text-right">Rate / night</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Amenities</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {units.map((unit) => (
            <TableRow
              key={unit.unit_id}
              data-state={selected.has(unit.unit_id) ? 'selected' : undefined}
            >
              {canManage ? (
                <TableCell>
                  <input
                    type="checkbox"
                    className="size-5 accent-sea-700"
                    aria-label={`Select ${unit.unit_name}`}
                    checked={selected.has(unit.unit_id)}
                    onChange={() => toggle(unit.unit_id)}
                  />
                </TableCell>
              ) : null}
              <TableCell className="min-w-44">
                <Link
                  to="/units/$unitId"
                  params={{ unitId: unit.unit_id }}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {unit.unit_name}
                </Link>
                <div className="text-xs text-muted-foreground">{unit.unit_code}</div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{unit.unit_type}</TableCell>
              <TableCell className="whitespace-nowrap">
                {unit.base_occupancy}–{unit.max_occupancy}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                <div>{formatCurrency(unit.base_rate, { wholePesos: true })}</div>
                <div className="text-xs text-muted-foreground">
                  weekend {formatCurrency(unit.weekend_rate, { wholePesos: true })}
                </div>
              </TableCell>
              <TableCell>
                <StatusBadge status={unit.unit_status} />
              </TableCell>
              <TableCell className="min-w-48">
                <AmenityList amenities={unit.amenities} limit={3} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Link
                    to="/units/$unitId"
                    params={{ unitId: unit.unit_id }}
                    className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                    aria-label={`View ${unit.unit_name}`}
                  >
                    <Eye aria-hidden="true" />
                  </Link>
                  {canManage ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${unit.unit_name}`}
                      onClick={() => onEdit(unit)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/**
 * Before cabins leave letting (Maintenance, Occupied, Reserved): each one's bookings still to
 * come or under way, which the change does not move or cancel.
 */
function BulkStatusConfirmDialog({
  unitIds,
  status,
  pending,
  onConfirm,
  onCancel,
}: {
  unitIds: string[];
  status: UnitStatus;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const upcoming = useUpcomingUnitBookings(unitIds, true);
  const count = unitIds.length;
  const cabins = `${count} ${count === 1 ? 'cabin' : 'cabins'}`;
  const affected = upcoming.data?.reduce((sum, unit) => sum + unit.bookings.length, 0) ?? 0;
  return (
    <SimpleDialog
      open
      onOpenChange={(open) => {
        if (!open && !pending) onCancel();
      }}
      title={`Set ${cabins} to ${status}?`}
      description="Guests are no longer offered these cabins. Their bookings below are not moved or cancelled: look after them yourself."
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button
            onClick={onConfirm}
            disabled={!upcoming.data}
            loading={pending}
            loadingText="Applying..."
          >
            Set to {status}
          </Button>
        </>
      }
    >
      {upcoming.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          Looking for upcoming bookings...
        </p>
      ) : upcoming.isError ? (
        <LoadFailedAlert
          title="Could not load the upcoming bookings"
          error={upcoming.error}
          onRetry={() => void upcoming.refetch()}
        />
      ) : (
        <div className="grid max-h-[50vh] gap-3 overflow-y-auto text-sm">
          <p className="font-medium">
            {affected === 0
              ? 'No upcoming bookings in these cabins.'
              : `${affected} upcoming ${affected === 1 ? 'booking' : 'bookings'} in these cabins:`}
          </p>
          {upcoming.data.map((unit) => (
            <section key={unit.unit_id} aria-label={unit.unit_name} className="grid gap-1">
              <h3 className="font-semibold">{unit.unit_name}</h3>
              {unit.bookings.length === 0 ? (
                <p className="text-muted-foreground">No upcoming bookings</p>
              ) : (
                <ul className="grid gap-1">
                  {unit.bookings.map((booking) => (
                    <li key={booking.booking_id} className="break-words">
                      <Link
                        to="/bookings/$bookingId"
                        params={{ bookingId: booking.booking_id }}
                        className="font-mono font-semibold text-primary underline-offset-4 hover:underline"
                      >
                        {booking.booking_reference}
                      </Link>{' '}
                      {booking.guest_name},{' '}
                      <span className="whitespace-nowrap">
                        {formatDate(booking.check_in, 'MMM dd')} –{' '}
                        {formatDate(booking.check_out, 'MMM dd, yyyy')}
                      </span>{' '}
                      <span className="text-muted-foreground">({booking.booking_status})</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </SimpleDialog>
  );
}

function UnitsTableSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span role="status" className="sr-only">
        Loading cabins...
      </span>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-16" />
      ))}
    </div>
  );
}
