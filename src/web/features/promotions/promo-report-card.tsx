import { useState } from 'react';
import { formatCurrency } from '../../../domain/format';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyNote } from '../../components/ui/empty-note';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { usePromoReport } from './get-promo-report';
import { promoDiscountText } from './promo-labels';

/**
 * Issue 21 point 2: "Uses and cost" — per code, the bookings made with it in a date range (by
 * booking day), those given back by a cancellation, the discounts given and the revenue, with a
 * bar of each code's discount cost beside the numbers. Empty dates: every booking so far.
 */
export function PromoReportCard() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeError = from && to && to < from ? 'The end date cannot be before the start date' : '';
  const report = usePromoReport({ from: from || undefined, to: to || undefined }, !rangeError);
  const rows = report.data?.data ?? [];
  const largest = Math.max(0, ...rows.map((row) => row.discount_total));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Uses and cost</CardTitle>
        <CardDescription>
          Bookings made with each code between the dates (by the day they were booked), what the
          discounts cost and what those bookings bring in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
          <Field label="Booked from">
            <DatePicker value={from} onChange={(event) => setFrom(event.target.value)} />
          </Field>
          <Field label="Booked to" error={rangeError || undefined}>
            <DatePicker value={to} onChange={(event) => setTo(event.target.value)} />
          </Field>
        </div>
        {rangeError ? null : report.isPending ? (
          <TableSkeleton rows={3} label="Loading the promo code report..." />
        ) : report.isError ? (
          <LoadFailedAlert
            title="Failed to load the report"
            error={report.error}
            onRetry={() => void report.refetch()}
          />
        ) : rows.length === 0 ? (
          <EmptyNote>No promo codes yet.</EmptyNote>
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
            <Table label="Promo code uses and cost" containerClassName="relative">
              <TableHeader>
                <TableRow>
                  <TableHead>Code</TableHead>
                  <TableHead className="text-right">Uses</TableHead>
                  <TableHead className="text-right">Released</TableHead>
                  <TableHead className="text-right">Discounts given</TableHead>
                  <TableHead className="text-right">Revenue</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.promo_code_id}>
                    <TableCell>
                      <span className="font-mono font-semibold">{row.code}</span>{' '}
                      <span className="text-muted-foreground">
                        ({promoDiscountText(row.kind, row.value)}
                        {row.active ? '' : ', paused'})
                      </span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{row.uses}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.released}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCurrency(row.discount_total)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCurrency(row.revenue_total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell className="font-semibold">Total</TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">
                    {report.data.totals.uses}
                  </TableCell>
                  <TableCell />
                  <TableCell className="text-right font-semibold tabular-nums">
                    {formatCurrency(report.data.totals.discount_total)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
            <figure className="grid gap-2">
              <figcaption className="text-sm font-medium">Discount cost per code</figcaption>
              <ul className="grid gap-2">
                {rows.map((row) => (
                  <li key={row.promo_code_id} className="grid gap-1 text-sm">
                    <span className="flex justify-between gap-2">
                      <span className="font-mono">{row.code}</span>
                      <span className="tabular-nums">{formatCurrency(row.discount_total)}</span>
                    </span>
                    <span className="h-3 rounded-full bg-muted" aria-hidden="true">
                      <span
                        className="block h-3 rounded-full bg-sea-700"
                        style={{
                          width: `${largest > 0 ? (row.discount_total / largest) * 100 : 0}%`,
                        }}
                      />
                    </span>
                  </li>
                ))}
              </ul>
            </figure>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
