import { formatCurrency, formatDate } from '../../../domain/format';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import type { ExpenseSummary } from '../../../domain/schemas/expense.schema';

function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%';
}

/** Totals by category and by month of the listed expenses (SPEC §2 /expenses). */
export function ExpenseTotals({
  summary,
  loading,
}: {
  summary: ExpenseSummary | undefined;
  loading: boolean;
}) {
  if (!summary) {
    return loading ? (
      <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    ) : null;
  }
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">By category</CardTitle>
          <CardDescription>
            {summary.count} {summary.count === 1 ? 'expense' : 'expenses'},{' '}
            {formatCurrency(summary.total)} in all
          </CardDescription>
        </CardHeader>
        <CardContent>
          {summary.by_category.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing recorded for these filters.</p>
          ) : (
            <Table label="Totals by category" className="relative">
              <TableHeader>
                <TableRow>
                  <TableHead>Category</TableHead>
                  <TableHead className="text-right">Count</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="text-right">Share</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {summary.by_category.map((row) => (
                  <TableRow key={row.category}>
                    <TableCell>{row.category}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.count}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCurrency(row.total)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {percent(row.total, summary.total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell>Total</TableCell>
                  <TableCell className="text-right tabular-nums">{summary.count}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatCurrency(summary.total)}
                  </TableCell>
                  <TableCell className="text-right">100%</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">By month</CardTitle>
          <CardDescription>Expense dates grouped by month.</CardDescription>
        </CardHeader>
        <CardContent>
          {summary.by_month.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing recorded for these filters.</p>
          ) : (
            <Table label="Totals by month" className="relative">
              <TableHeader>
                <TableRow>
                  <TableHead>Month</TableHead>
                  <TableHead className="text-right">Count</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {[...summary.by_month].reverse().map((row) => (
                  <TableRow key={row.month}>
                    <TableCell>{formatDate(`${row.month}-01`, 'MMMM yyyy')}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.count}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCurrency(row.total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
