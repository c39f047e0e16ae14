import { Link, useNavigate } from '@tanstack/react-router';
import { Plus, Receipt, X } from 'lucide-react';
import { useState } from 'react';
import {
  LIMITS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '../../../domain/constants';
import type { PaymentMethod, PaymentStatus } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { StatusBadge, statusLabel } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
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
import { ListLoadFailed } from '../../components/errors/list-load-failed';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { SearchForm } from '../../components/ui/search-form';
import { usePayments } from './get-payments';
import type { PaymentListItemDto as PaymentListItem } from '../../../domain/schemas/payment.schema';
import type { PaymentsSearch } from './payments-search';
import { RecordPaymentDialog } from './record-payment-dialog';
import { PaymentMethodText } from '../../components/ui/payment-method-text';

export interface PaymentsPageProps {
  search: PaymentsSearch;
  onSearchChange: (next: PaymentsSearch) => void;
}

function isFiltered(search: PaymentsSearch): boolean {
  return Boolean(search.status || search.method || search.search);
}

/** SPEC §2 /payments: every payment with its booking, filters, and "Record Payment". */
export function PaymentsPage({ search, onSearchChange }: PaymentsPageProps) {
  useDocumentTitle('Payments');
  const [recording, setRecording] = useState(false);
  const navigate = useNavigate();
  const query = usePayments(search);

  const update = (changes: Partial<PaymentsSearch>) => {
    const next: PaymentsSearch = { ...search, ...changes };
    if (!('page' in changes)) delete next.page;
    for (const key of Object.keys(next) as (keyof PaymentsSearch)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    onSearchChange(next);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Payments"
        description="Money received for bookings, with proofs to verify."
        actions={
          <Button onClick={() => setRecording(true)}>
            <Plus aria-hidden="true" />
            Record Payment
          </Button>
        }
      />

      <PaymentFilters search={search} onChange={update} onClear={() => onSearchChange({})} />

      {query.isPending ? (
        <TableSkeleton label="Loading payments..." />
      ) : query.isError ? (
        <ListLoadFailed
          entity="Payments"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title="No payments found"
          description={
            isFiltered(search)
              ? 'No payment matches these filters.'
              : 'No payment has been recorded yet.'
          }
          action={
            isFiltered(search) ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                <X aria-hidden="true" />
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => setRecording(true)}>
                <Plus aria-hidden="true" />
                Record Payment
              </Button>
            )
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4" aria-busy={query.isFetching || undefined}>
          <PaymentsTable payments={query.data.data} />
          <Pagination
            page={query.data.page}
            total={query.data.total}
            pageSize={query.data.page_size}
            itemLabel="payments"
            onPageChange={(page) => update({ page: page > 1 ? page : undefined })}
          />
        </div>
      )}

      <RecordPaymentDialog
        open={recording}
        onOpenChange={setRecording}
        onRecorded={(payment) =>
          void navigate({ to: '/payments/$paymentId', params: { paymentId: payment.payment_id } })
        }
      />
    </div>
  );
}

function PaymentFilters({
  search,
  onChange,
  onClear,
}: {
  search: PaymentsSearch;
  onChange: (changes: Partial<PaymentsSearch>) => void;
  onClear: () => void;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end sm:pt-6">
        <SearchForm
          label="Search payments"
          value={search.search}
          onSearch={(text) => onChange({ search: text })}
          maxLength={LIMITS.search_max}
          placeholder="Booking reference or guest"
        />
        <Field label="Status">
          <Select
            value={search.status ?? ''}
            placeholder="All statuses"
            options={PAYMENT_STATUSES.map((status) => ({
              value: status,
              label: statusLabel(status),
            }))}
            onChange={(event) =>
              onChange({ status: (event.target.value || undefined) as PaymentStatus | undefined })
            }
          />
        </Field>
        <Field label="Method">
          <Select
            value={search.method ?? ''}
            placeholder="All methods"
            options={PAYMENT_METHODS.map((method) => ({
              value: method,
              label: PAYMENT_METHOD_LABELS[method],
            }))}
            onChange={(event) =>
              onChange({ method: (event.target.value || undefined) as PaymentMethod | undefined })
            }
          />
        </Field>
        {isFiltered(search) ? (
          <div className="sm:col-span-3">
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

function PaymentsTable({ payments }: { payments: PaymentListItem[] }) {
  return (
    <Table label="Payments" containerClassName="relative">
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Booking</TableHead>
          <TableHead>Guest</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Method</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Proof</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {payments.map((payment) => (
          <TableRow key={payment.payment_id}>
            <TableCell className="whitespace-nowrap">
              <Link
                to="/payments/$paymentId"
                params={{ paymentId: payment.payment_id }}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {formatDate(payment.transaction_date)}
                <span className="sr-only">
                  {' '}
                  payment of {formatCurrency(payment.payment_amount)}
                </span>
              </Link>
            </TableCell>
            <TableCell className="font-mono text-sm whitespace-nowrap">
              <Link
                to="/bookings/$bookingId"
                params={{ bookingId: payment.booking_id }}
                className="underline-offset-4 hover:underline"
              >
                {payment.booking.booking_reference}
              </Link>
            </TableCell>
            <TableCell className="max-w-48 truncate">{payment.booking.guest_name}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {payment.payment_status === 'Refunded' ? '−' : ''}
              {formatCurrency(payment.payment_amount)}
            </TableCell>
            <TableCell>
              <PaymentMethodText
                method={payment.payment_method}
                reference={payment.transaction_reference}
              />
            </TableCell>
            <TableCell>
              <StatusBadge status={payment.payment_status} />
            </TableCell>
            <TableCell>{payment.has_proof ? 'Yes' : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
