import { Link } from '@tanstack/react-router';
import { BedDouble, Eye, Pencil, Plus, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { hasRoleAtLeast, UNIT_STATUSES, UNIT_TYPES } from '../../../domain/constants';
import type { UnitStatus } from '../../../domain/constants';
import { formatCurrency } from '../../../domain/format';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
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
import { InlineAlert } from '../shell/inline-alert';
import { AmenityList } from './amenities-input';
import { useBulkUnitStatus } from './bulk-unit-status';
import { useUnits } from './get-units';
import { SearchBox } from './search-box';
import { UnitFormDialog } from './unit-form-dialog';
import type { Unit } from './unit-types';
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
  const query = useUnits({
    status: search.status,
    type: search.type,
    search: search.search,
    min_rate: search.min_rate,
    max_rate: search.max_rate,
    min_occupancy: search.min_occupancy,
    page,
    page_size: UNITS_PAGE_SIZE,
  });

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

      {query.isError && !query.data ? (
        <InlineAlert tone="error" title="Failed to load cabins">
          <p>{query.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </InlineAlert>
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

      {query.data ? (
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
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <h2 className="sr-only">Filters</h2>
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 lg:grid-cols-3 xl:grid-cols-6">
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
          <NumberFilter
            label="Minimum rate (₱)"
            value={search.min_rate}
            min={0}
            onCommit={(v) => onChange({ min_rate: v })}
          />
          <NumberFilter
            label="Maximum rate (₱)"
            value={search.max_rate}
            min={0}
            onCommit={(v) => onChange({ max_rate: v })}
          />
          <NumberFilter
            label="Guests at least"
            value={search.min_occupancy}
            min={1}
            max={20}
            integer
            onCommit={(v) => onChange({ min_occupancy: v })}
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

/** A number filter that applies when the field is left or Enter is pressed. */
function NumberFilter({
  label,
  value,
  min,
  max,
  integer = false,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  min: number;
  max?: number;
  integer?: boolean;
  onCommit: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);

  const commit = () => {
    if (text.trim() === '') {
      setError(undefined);
      if (value !== undefined) onCommit(undefined);
      return;
    }
    const n = Number(text);
    if (
      !Number.isFinite(n) ||
      n < min ||
      (max !== undefined && n > max) ||
      (integer && !Number.isInteger(n))
    ) {
      // SPEC §5: rates at least 0, occupancy at least 1.
      setError(
        min === 0
          ? 'Rate cannot be negative'
          : `Must be a whole number from ${min} to ${max ?? 20}`,
      );
      return;
    }
    setError(undefined);
    if (n !== value) onCommit(n);
  };

  return (
    <Field label={label} error={error}>
      <Input
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={integer ? 1 : 'any'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
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

  const applyStatus = () => {
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
