import { BadgePercent, Plus, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { hasRoleAtLeast } from '../../../../domain/constants';
import { DATE_FORMATS, formatCurrency, formatDate } from '../../../../domain/format';
import type { FolioDto, FolioEntryDto } from '../../../../domain/schemas/folio.schema';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCurrentUser } from '../../auth/get-session';
import type { BookingDetailDto as BookingDetail } from '../../../../domain/schemas/booking.schema';
import { LoadFailedAlert } from '../../../components/ui/inline-alert';
import { AddExtraDialog } from './add-extra-dialog';
import { ENTRY_KIND_LABELS, folioRows, TAX_TREATMENT_LABELS } from './folio-view';
import type { FolioRow } from './folio-view';
import { useFolio } from './get-folio';
import { ReverseEntryDialog } from './reverse-entry-dialog';
import { SeniorPwdDialog } from './senior-pwd-dialog';

/** The server refuses charges on these (issue 17 point 8), so the button is not offered. */
const CLOSED_STATUSES = new Set(['Cancelled', 'CheckedOut']);

/**
 * Issue 17: the booking's folio, every peso of the stay in one ledger. Entries in order
 * (reversed ones struck through with the reversal's reason), the totals the server derives from
 * them, and the actions each role may take: staff add extras, managers reverse entries and grant
 * the senior citizen/PWD discount.
 */
export function FolioCard({ booking }: { booking: BookingDetail }) {
  const user = useCurrentUser();
  const canCharge =
    hasRoleAtLeast(user?.role, 'staff') && !CLOSED_STATUSES.has(booking.booking_status);
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const canSeniorPwd = isManager && !CLOSED_STATUSES.has(booking.booking_status);
  const query = useFolio(booking.booking_id);
  const [adding, setAdding] = useState(false);
  const [seniorPwd, setSeniorPwd] = useState(false);
  const [reversing, setReversing] = useState<FolioEntryDto | null>(null);

  const titleId = useId();

  return (
    <section aria-labelledby={titleId} className="grid min-w-0">
      <Card>
        <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={titleId}>Folio</CardTitle>
            <CardDescription>
              Every charge and payment of this stay. Entries are never edited: a correction is a
              reversing entry with its reason.
            </CardDescription>
          </div>
          {canCharge || canSeniorPwd ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              {canCharge ? (
                <Button variant="outline" onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  Add extra
                </Button>
              ) : null}
              {canSeniorPwd ? (
                <Button variant="outline" onClick={() => setSeniorPwd(true)}>
                  <BadgePercent aria-hidden="true" />
                  Senior/PWD
                </Button>
              ) : null}
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-6">
          {query.isPending ? (
            <FolioSkeleton />
          ) : query.isError ? (
            <LoadFailedAlert
              title="The folio could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <>
              <FolioTotals folio={query.data} />
              <FolioEntries
                folio={query.data}
                onReverse={isManager ? (entry) => setReversing(entry) : undefined}
              />
            </>
          )}
        </CardContent>
        {canCharge && adding ? (
          <AddExtraDialog booking={booking} open={adding} onOpenChange={setAdding} />
        ) : null}
        {canSeniorPwd && seniorPwd ? (
          <SeniorPwdDialog booking={booking} open={seniorPwd} onOpenChange={setSeniorPwd} />
        ) : null}
        {isManager && reversing ? (
          <ReverseEntryDialog
            bookingId={booking.booking_id}
            entry={reversing}
            open
            onOpenChange={(open) => {
              if (!open) setReversing(null);
            }}
          />
        ) : null}
      </Card>
    </section>
  );
}

function FolioSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span role="status" className="sr-only">
        Loading folio...
      </span>
      <Skeleton className="h-24 w-full max-w-md" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-8 w-full" />
    </div>
  );
}

function TotalRow({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1.5', className)}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** DESIGN §8's totals, as the server derives them from the entries. */
function FolioTotals({ folio }: { folio: FolioDto }) {
  return (
    <dl className="max-w-md divide-y divide-border text-sm" data-testid="folio-totals">
      <TotalRow label="Payment status">
        <StatusBadge status={folio.payment_status} />
      </TotalRow>
      <TotalRow label="Charges">{formatCurrency(folio.charges_total)}</TotalRow>
      <TotalRow label="Paid">{formatCurrency(folio.paid_total)}</TotalRow>
      {folio.refunded_total !== 0 ? (
        <TotalRow label="Refunded">{formatCurrency(folio.refunded_total)}</TotalRow>
      ) : null}
      <TotalRow label={folio.balance < 0 ? 'Credit (overpaid)' : 'Balance'} className="text-base">
        <strong data-testid="folio-balance">{formatCurrency(folio.balance)}</strong>
      </TotalRow>
      <TotalRow label="Deposit">
        {formatCurrency(folio.deposit_amount)}
        {folio.deposit_due_at ? (
          <span className="block text-xs text-muted-foreground">
            due by {formatDate(folio.deposit_due_at, DATE_FORMATS.withTime)}
          </span>
        ) : null}
      </TotalRow>
      <TotalRow label="Balance due date">
        {folio.balance_due_date ? formatDate(folio.balance_due_date) : '—'}
      </TotalRow>
    </dl>
  );
}

function FolioEntries({
  folio,
  onReverse,
}: {
  folio: FolioDto;
  onReverse?: (entry: FolioEntryDto) => void;
}) {
  // Tailwind's md breakpoint, as the bookings list: the table from there up, cards below.
  const wide = useMediaQuery('(min-width: 48rem)');
  const rows = folioRows(folio.entries);
  if (rows.length === 0) {
    return <p className="text-sm text-muted-foreground">No entries on this folio yet.</p>;
  }
  return wide ? (
    <EntriesTable rows={rows} onReverse={onReverse} />
  ) : (
    <EntryCards rows={rows} onReverse={onReverse} />
  );
}

/** The description, struck through once reversed, with the reason or note that goes with it. */
function EntryDescription({ row }: { row: FolioRow }) {
  const { entry, reversedBy } = row;
  return (
    <div className="grid gap-0.5">
      <span className="text-xs font-medium text-muted-foreground uppercase">
        {ENTRY_KIND_LABELS[entry.kind]}
      </span>
      {reversedBy ? (
        <span>
          <s className="text-muted-foreground">{entry.description}</s>
          <span className="sr-only"> (reversed)</span>
        </span>
      ) : (
        <span className="font-medium">{entry.description}</span>
      )}
      {reversedBy ? (
        <span className="text-xs text-muted-foreground">
          Reversed: {reversedBy.reason ?? 'no reason given'}
        </span>
      ) : entry.reason ? (
        <span className="text-xs text-muted-foreground">
          {entry.kind === 'reversal' ? 'Reason' : 'Note'}: {entry.reason}
        </span>
      ) : null}
      {entry.created_by_name ? (
        <span className="text-xs text-muted-foreground">By {entry.created_by_name}</span>
      ) : null}
    </div>
  );
}

function taxText(row: FolioRow): string {
  return row.isCredit ? '—' : TAX_TREATMENT_LABELS[row.entry.tax_treatment];
}

/**
 * As the balance counts it: charges positive, payments negative (money in), refunds positive
 * (money given back); each row names its kind, so the signs need no legend.
 */
function amountText(row: FolioRow): string {
  return formatCurrency(row.entry.amount);
}

function ReverseButton({
  row,
  onReverse,
}: {
  row: FolioRow;
  onReverse?: (entry: FolioEntryDto) => void;
}) {
  if (!onReverse || !row.isReversible) return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => onReverse(row.entry)}>
      <Undo2 aria-hidden="true" />
      Reverse
      <span className="sr-only"> {row.entry.description}</span>
    </Button>
  );
}

function EntriesTable({
  rows,
  onReverse,
}: {
  rows: FolioRow[];
  onReverse?: (entry: FolioEntryDto) => void;
}) {
  return (
    <Table label="Folio entries" containerClassName="relative">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Qty</TableHead>
          <TableHead className="text-right">Unit amount</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Tax</TableHead>
          <TableHead className="text-right">VAT</TableHead>
          {onReverse ? (
            <TableHead className="print:hidden">
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.entry.entry_id} data-kind={row.entry.kind}>
            <TableCell className="whitespace-nowrap">
              {formatDate(row.entry.created_at, DATE_FORMATS.withTime)}
            </TableCell>
            <TableCell className="min-w-48">
              <EntryDescription row={row} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.entry.quantity}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCurrency(row.entry.unit_amount)}
            </TableCell>
            <TableCell
              className={cn(
                'text-right font-semibold whitespace-nowrap tabular-nums',
                row.reversedBy && 'text-muted-foreground line-through',
              )}
            >
              {amountText(row)}
            </TableCell>
            <TableCell className="whitespace-nowrap">{taxText(row)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {row.isCredit ? '—' : formatCurrency(row.entry.vat_amount)}
            </TableCell>
            {onReverse ? (
              <TableCell className="text-right print:hidden">
                <ReverseButton row={row} onReverse={onReverse} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below the md breakpoint: one card per entry, fitting a 360 px phone. */
function EntryCards({
  rows,
  onReverse,
}: {
  rows: FolioRow[];
  onReverse?: (entry: FolioEntryDto) => void;
}) {
  return (
    <ul aria-label="Folio entries" className="grid grid-cols-1 gap-3">
      {rows.map((row) => (
        <li
          key={row.entry.entry_id}
          data-kind={row.entry.kind}
          className="grid gap-2 rounded-xl border border-border bg-surface p-4 text-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 break-words">
              <EntryDescription row={row} />
            </div>
            <span
              className={cn(
                'shrink-0 font-semibold whitespace-nowrap tabular-nums',
                row.reversedBy && 'text-muted-foreground line-through',
              )}
            >
              {amountText(row)}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <dt>Date</dt>
            <dd className="text-right">
              {formatDate(row.entry.created_at, DATE_FORMATS.withTime)}
            </dd>
            <dt>Quantity × unit</dt>
            <dd className="text-right tabular-nums">
              {row.entry.quantity} × {formatCurrency(row.entry.unit_amount)}
            </dd>
            <dt>Tax</dt>
            <dd className="text-right">{taxText(row)}</dd>
            {row.isCredit ? null : (
              <>
                <dt>VAT</dt>
                <dd className="text-right tabular-nums">{formatCurrency(row.entry.vat_amount)}</dd>
              </>
            )}
          </dl>
          {onReverse && row.isReversible ? (
            <div className="print:hidden">
              <ReverseButton row={row} onReverse={onReverse} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
