import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, CalendarPlus, Layers, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { BOOKING_STATUSES, LIMITS } from '../../../domain/constants';
import type { BookingSource, BookingStatus } from '../../../domain/constants';
import { FOLIO_PAYMENT_STATUSES } from '../../../domain/folio';
import type { FolioPaymentStatus } from '../../../domain/folio';
import { DATE_FORMATS, formatCurrency, formatDate } from '../../../domain/format';
import { statusLabel } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Select } from '../../components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SearchForm } from '../../components/ui/search-form';
import { cabinNames } from './cabin-names';
import type { BookingDto as Booking } from '../../../domain/schemas/booking.schema';
import { BALANCE_FILTERS, DEFAULT_ORDER, DEFAULT_SORT, isEmptySearch } from './bookings-search';
import type { BalanceFilter, BookingSort, BookingsSearch } from './bookings-search';
import { CreateBookingDialog } from './create-booking-dialog';
import { useBookings } from './get-bookings';
import { ListLoadFailed } from '../../components/errors/list-load-failed';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { LabelledStatusBadge } from './status-badges';
import { BOOKING_SOURCE_OPTIONS } from './walk-in-fields';
import { useMediaQuery } from '../../lib/use-media-query';

export interface BookingsPageProps {
  search: BookingsSearch;
  onSearchChange: (next: BookingsSearch) => void;
}

const BALANCE_FILTER_LABELS: Record<BalanceFilter, string> = {
  due: 'Balance due',
  overdue: 'Overdue',
};

const SORT_LABELS: Record<BookingSort, string> = {
  created_at: 'Date booked',
  booking_status: 'Status',
  total_amount: 'Total',
  guest_name: 'Guest name',
};

/** SPEC §2 /bookings: filters, the table with SPEC §4's badges, 10 a page, and New Booking. */
export function BookingsPage({ search, onSearchChange }: BookingsPageProps) {
  useDocumentTitle('Bookings');
  const [creating, setCreating] = useState(false);
  const query = useBookings(search);
  // Tailwind's md breakpoint: the table from there up, cards below.
  const wide = useMediaQuery('(min-width: 48rem)');
  const sort = search.sort ?? DEFAULT_SORT;
  const order = search.order ?? DEFAULT_ORDER;

  /** A change of filter or sort starts again at page 1. */
  const update = (changes: Partial<BookingsSearch>) => {
    const next: BookingsSearch = { ...search, ...changes };
    if (!('page' in changes)) delete next.page;
    for (const key of Object.keys(next) as (keyof BookingsSearch)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onSearchChange(next);
  };

  const toggleSort = (column: BookingSort) => {
    if (sort === column) update({ sort: column, order: order === 'asc' ? 'desc' : 'asc' });
    else update({ sort: column, order: column === 'guest_name' ? 'asc' : 'desc' });
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Bookings"
        description="Every stay at the resort: search, filter, and open a booking to manage it."
        actions={
          <>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New Booking
            </Button>
            <Link to="/bookings-new-multi" className={buttonVariants({ variant: 'outline' })}>
              <Layers aria-hidden="true" />
              New Multi-Unit Booking
            </Link>
          </>
        }
      />

      <BookingFilters search={search} onChange={update} onClear={() => onSearchChange({})} />

      {query.isPending ? (
        <TableSkeleton label="Loading bookings..." />
      ) : query.isError ? (
        <ListLoadFailed
          entity="Bookings"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title="No bookings found"
          description={
            isEmptySearch(search)
              ? 'There are no bookings yet. Create the first one with New Booking.'
              : 'No booking matches these filters. Try another search or clear the filters.'
          }
          action={
            isEmptySearch(search) ? (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                New Booking
              </Button>
            ) : (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                <X aria-hidden="true" />
                Clear filters
              </Button>
            )
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4" aria-busy={query.isFetching || undefined}>
          {wide ? (
            <BookingsTable
              bookings={query.data.data}
              sort={sort}
              order={order}
              onSort={toggleSort}
            />
          ) : (
            <BookingCards bookings={query.data.data} />
          )}
          <Pagination
            page={query.data.page}
            total={query.data.total}
            pageSize={query.data.page_size}
            itemLabel="bookings"
            onPageChange={(page) => update({ page: page > 1 ? page : undefined })}
          />
        </div>
      )}

      <CreateBookingDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function BookingFilters({
  search,
  onChange,
  onClear,
}: {
  search: BookingsSearch;
  onChange: (changes: Partial<BookingsSearch>) => void;
  onClear: () => void;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:pt-6">
        <SearchForm
          label="Search bookings"
          value={search.search}
          onSearch={(text) => onChange({ search: text })}
          maxLength={LIMITS.search_max}
          placeholder="Guest name, reference or e-mail"
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Status">
            <Select
              value={search.status ?? ''}
              placeholder="All statuses"
              options={BOOKING_STATUSES.map((status) => ({
                value: status,
                label: statusLabel(status),
              }))}
              onChange={(event) =>
                onChange({ status: (event.target.value || undefined) as BookingStatus | undefined })
              }
            />
          </Field>
          <Field label="Payment">
            <Select
              value={search.payment_status ?? ''}
              placeholder="All payments"
              options={FOLIO_PAYMENT_STATUSES.map((status) => ({
                value: status,
                label: statusLabel(status),
              }))}
              onChange={(event) =>
                onChange({
                  payment_status: (event.target.value || undefined) as
                    FolioPaymentStatus | undefined,
                })
              }
            />
          </Field>
          <Field label="Balance">
            <Select
              value={search.balance ?? ''}
              placeholder="All balances"
              options={BALANCE_FILTERS.map((filter) => ({
                value: filter,
                label: BALANCE_FILTER_LABELS[filter],
              }))}
              onChange={(event) =>
                onChange({
                  balance: (event.target.value || undefined) as BalanceFilter | undefined,
                })
              }
            />
          </Field>
          <Field label="Source">
            <Select
              value={search.source ?? ''}
              placeholder="All sources"
              options={BOOKING_SOURCE_OPTIONS}
              onChange={(event) =>
                onChange({ source: (event.target.value || undefined) as BookingSource | undefined })
              }
            />
          </Field>
          <Field label="Check-in from">
            <DatePicker
              value={search.from ?? ''}
              max={search.to}
              onChange={(event) => onChange({ from: event.target.value || undefined })}
            />
          </Field>
          <Field label="Check-out by">
            <DatePicker
              value={search.to ?? ''}
              min={search.from}
              onChange={(event) => onChange({ to: event.target.value || undefined })}
            />
          </Field>
          <Field label="Sort by">
            <Select
              value={`${search.sort ?? DEFAULT_SORT}:${search.order ?? DEFAULT_ORDER}`}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(':') as [
                  BookingSort,
                  'asc' | 'desc',
                ];
                onChange({ sort, order });
              }}
            >
              {(Object.keys(SORT_LABELS) as BookingSort[]).flatMap((column) =>
                (['desc', 'asc'] as const).map((direction) => (
                  <option key={`${column}:${direction}`} value={`${column}:${direction}`}>
                    {sortOptionLabel(column, direction)}
                  </option>
                )),
              )}
            </Select>
          </Field>
        </div>
        {!isEmptySearch(search) ? (
          <div>
            <Button variant="ghost" size="sm" onClick={onClear}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The phone card's words for the folio balance: owed (and by when), a credit, or settled. */
function balanceLabel(booking: Booking): string {
  if (booking.balance < 0) return 'Credit';
  if (booking.balance === 0) return 'Balance';
  return booking.balance_due_date
    ? `Balance due ${formatDate(booking.balance_due_date, DATE_FORMATS.short)}`
    : 'Balance due';
}

/** "Nov 11 – Nov 14, 2028" (SPEC §9's "MMM dd" and "MMM dd, yyyy"); both years when they differ. */
export function stayLabel(checkIn: string, checkOut: string): string {
  const sameYear = checkIn.slice(0, 4) === checkOut.slice(0, 4);
  const from = sameYear ? formatDate(checkIn, DATE_FORMATS.short) : formatDate(checkIn);
  return `${from} – ${formatDate(checkOut)}`;
}

function sortOptionLabel(column: BookingSort, direction: 'asc' | 'desc'): string {
  switch (column) {
    case 'created_at':
      return direction === 'desc' ? 'Newest first' : 'Oldest first';
    case 'total_amount':
      return direction === 'desc' ? 'Total, highest first' : 'Total, lowest first';
    case 'guest_name':
      return direction === 'asc' ? 'Guest name, A to Z' : 'Guest name, Z to A';
    default:
      return direction === 'asc' ? 'Status, A to Z' : 'Status, Z to A';
  }
}

function SortableHead({
  column,
  label,
  sort,
  order,
  onSort,
  className,
}: {
  column: BookingSort;
  label: string;
  sort: BookingSort;
  order: 'asc' | 'desc';
  onSort: (column: BookingSort) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <TableHead
      className={className}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-foreground"
        onClick={() => onSort(column)}
      >
        {label}
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="sr-only">, sort by {SORT_LABELS[column].toLowerCase()}</span>
      </button>
    </TableHead>
  );
}

/**
 * Below the md breakpoint: one card per booking, the whole card a link to it (its name is what it
 * shows, reference first).
 */
function BookingCards({ bookings }: { bookings: Booking[] }) {
  return (
    <ul aria-label="Bookings" className="grid grid-cols-1 gap-3">
      {bookings.map((booking) => (
        <li key={booking.booking_id}>
          <Link
            to="/bookings/$bookingId"
            params={{ bookingId: booking.booking_id }}
            className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm shadow-xs transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-mono font-semibold text-primary">
                {booking.booking_reference}
              </span>
              <span className="font-semibold tabular-nums" data-testid="booking-card-total">
                {formatCurrency(booking.total_amount)}
              </span>
            </div>
            <div className="min-w-0">
              <div className="truncate font-medium text-foreground">{booking.guest_name}</div>
              <div className="truncate text-muted-foreground">{cabinNames(booking)}</div>
            </div>
            <div className="text-foreground">
              {stayLabel(booking.check_in, booking.check_out)}{' '}
              <span className="text-muted-foreground">
                · {booking.nights} {booking.nights === 1 ? 'night' : 'nights'}
              </span>
            </div>
            <div className="flex flex-wrap gap-2">
              <LabelledStatusBadge label="Booking" status={booking.booking_status} />
              <LabelledStatusBadge label="Payment" status={booking.payment_status} />
            </div>
            <div className="flex justify-between gap-3">
              <span className="text-muted-foreground">{balanceLabel(booking)}</span>
              <span className="font-semibold tabular-nums" data-testid="booking-card-balance">
                {formatCurrency(booking.balance)}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function BookingsTable({
  bookings,
  sort,
  order,
  onSort,
}: {
  bookings: Booking[];
  sort: BookingSort;
  order: 'asc' | 'desc';
  onSort: (column: BookingSort) => void;
}) {
  return (
    <Table label="Bookings" containerClassName="relative">
      <TableHeader>
        <TableRow>
          <TableHead>Reference</TableHead>
          <SortableHead column="guest_name" label="Guest" {...{ sort, order, onSort }} />
          <TableHead>Cabin</TableHead>
          <TableHead>Stay</TableHead>
          <SortableHead
            column="total_amount"
            label="Total"
            className="text-right"
            {...{ sort, order, onSort }}
          />
          <TableHead className="text-right">Balance</TableHead>
          <SortableHead column="booking_status" label="Status" {...{ sort, order, onSort }} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {bookings.map((booking) => (
          <TableRow key={booking.booking_id}>
            <TableCell className="whitespace-nowrap">
              <Link
                to="/bookings/$bookingId"
                params={{ bookingId: booking.booking_id }}
                className="rounded font-mono text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {booking.booking_reference}
              </Link>
              <div className="text-xs text-muted-foreground">
                Booked {formatDate(booking.created_at, DATE_FORMATS.short)}
              </div>
            </TableCell>
            <TableCell>
              <div className="max-w-44 truncate font-medium">{booking.guest_name}</div>
              <div className="max-w-44 truncate text-xs text-muted-foreground">{booking.email}</div>
            </TableCell>
            <TableCell className="max-w-40 min-w-28">{cabinNames(booking)}</TableCell>
            <TableCell className="whitespace-nowrap">
              <div>{stayLabel(booking.check_in, booking.check_out)}</div>
              <div className="text-xs text-muted-foreground">
                {booking.nights} {booking.nights === 1 ? 'night' : 'nights'}
              </div>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCurrency(booking.total_amount)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              <span className="font-semibold">{formatCurrency(booking.balance)}</span>
              {booking.balance > 0 && booking.balance_due_date ? (
                <div className="text-xs font-normal text-muted-foreground">
                  due {formatDate(booking.balance_due_date, DATE_FORMATS.short)}
                </div>
              ) : null}
            </TableCell>
            <TableCell>
              {/* The booking's and its payment's status share one column, so the Balance fits. */}
              <div className="grid gap-1">
                <LabelledStatusBadge
                  label="Booking"
                  status={booking.booking_status}
                  visuallyHiddenLabel
                />
                <LabelledStatusBadge
                  label="Payment"
                  status={booking.payment_status}
                  visuallyHiddenLabel
                />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
