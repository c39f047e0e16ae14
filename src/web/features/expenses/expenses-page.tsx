import { Link } from '@tanstack/react-router';
import { Paperclip, Pencil, Plus, Receipt } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { EXPENSE_CATEGORIES } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { DatePicker } from '../../components/ui/date-picker';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { SearchBox } from '../../components/ui/search-box';
import { definedOnly } from '../units/units-search';
import { canEditExpense } from './can-edit-expense';
import { ExpenseFormDialog } from './expense-form-dialog';
import { ExpenseTotals } from './expense-totals';
import type { ExpensesSearch } from './expenses-search';
import { EXPENSES_PAGE_SIZE, useExpenses } from './get-expenses';
import { useExpenseSummary } from './get-expense-summary';

const CATEGORY_FILTERS = EXPENSE_CATEGORIES.map((c) => ({ value: c, label: c }));

export interface ExpensesPageProps {
  search: ExpensesSearch;
  onSearchChange: (next: ExpensesSearch) => void;
}

/** SPEC §2 /expenses: the list with filters, "Add Expense", and totals by category and month. */
export function ExpensesPage({ search, onSearchChange }: ExpensesPageProps) {
  useDocumentTitle('Expenses');
  const user = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const page = search.page ?? 1;
  const list = useExpenses(search);
  const { page: _page, ...filters } = search;
  const summary = useExpenseSummary(filters);
  const filtered = Object.keys(filters).length > 0;
  const setFilters = useCallback(
    (change: Partial<ExpensesSearch>) =>
      onSearchChange(definedOnly({ ...search, ...change, page: undefined })),
    [onSearchChange, search],
  );
  const id = useId();
  const onSearch = useCallback(
    (value: string | undefined) => setFilters({ search: value }),
    [setFilters],
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Expenses"
        description="The costs of running the resort, with their receipts."
        actions={
          <ExpenseFormDialog
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Expense
              </Button>
            }
          />
        }
      />

      <Card>
        <CardContent className="grid grid-cols-2 gap-x-3 gap-y-4 pt-5 sm:pt-6 lg:grid-cols-4">
          <h2 className="sr-only">Filters</h2>
          <Field label="Search" id={`${id}-search`} className="col-span-2 lg:col-span-1">
            <SearchBox
              label="Search expenses by description or vendor"
              placeholder="Description or vendor"
              value={search.search}
              onSearch={onSearch}
            />
          </Field>
          <Field label="Category" className="col-span-2 lg:col-span-1">
            <Select
              placeholder="All categories"
              options={CATEGORY_FILTERS}
              value={search.category ?? ''}
              onChange={(event) =>
                setFilters({
                  category: (event.target.value || undefined) as ExpensesSearch['category'],
                })
              }
            />
          </Field>
          <Field label="From">
            <DatePicker
              value={search.from ?? ''}
              max={search.to}
              onChange={(event) => setFilters({ from: event.target.value || undefined })}
            />
          </Field>
          <Field label="To">
            <DatePicker
              value={search.to ?? ''}
              min={search.from}
              onChange={(event) => setFilters({ to: event.target.value || undefined })}
            />
          </Field>
          {filtered ? (
            <div className="col-span-2 lg:col-span-4">
              <Button variant="ghost" size="sm" onClick={() => onSearchChange({})}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      {list.isError && !list.data ? (
        <LoadFailedAlert
          title="Failed to load expenses"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span role="status" className="sr-only">
            Loading expenses...
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={Receipt}
          title={filtered ? 'No expenses match these filters' : 'No expenses yet'}
          description={
            filtered
              ? 'Try other filters, or clear them.'
              : 'Record the first expense with Add Expense.'
          }
          action={
            filtered ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add Expense
              </Button>
            )
          }
        />
      ) : (
        <>
          <Table label="Expenses" className="relative" aria-busy={list.isFetching || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Description</TableHead>
                <TableHead>Category</TableHead>
                <TableHead>Cabin</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Recorded by</TableHead>
                <TableHead>
                  <span className="sr-only">Receipt and actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.data.map((expense) => (
                <TableRow key={expense.expense_id}>
                  <TableCell className="whitespace-nowrap">
                    {formatDate(expense.expense_date)}
                  </TableCell>
                  <TableCell className="min-w-44">
                    <Link
                      to="/expenses/$expenseId"
                      params={{ expenseId: expense.expense_id }}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {expense.description}
                    </Link>
                    {expense.vendor ? (
                      <div className="text-xs text-muted-foreground">{expense.vendor}</div>
                    ) : null}
                  </TableCell>
                  {/* These wrap, so the receipt and edit buttons stay in view at 1366 px. */}
                  <TableCell className="min-w-24">{expense.category}</TableCell>
                  <TableCell className="min-w-24">{expense.unit_name ?? '—'}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatCurrency(expense.amount)}
                  </TableCell>
                  <TableCell className="min-w-24">{expense.created_by_name ?? '—'}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      {expense.proof_url ? (
                        <a
                          href={expense.proof_url}
                          target="_blank"
                          rel="noreferrer"
                          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                          aria-label={`Receipt of ${expense.description}`}
                        >
                          <Paperclip aria-hidden="true" />
                        </a>
                      ) : null}
                      {canEditExpense(user, expense) ? (
                        <Link
                          to="/expenses/$expenseId/edit"
                          params={{ expenseId: expense.expense_id }}
                          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                          aria-label={`Edit ${expense.description}`}
                        >
                          <Pencil aria-hidden="true" />
                        </Link>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <p className="text-right text-sm text-muted-foreground">
            Total of {list.data.total} {list.data.total === 1 ? 'expense' : 'expenses'}:{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {formatCurrency(list.data.total_amount)}
            </span>
          </p>
          <Pagination
            page={page}
            pageSize={EXPENSES_PAGE_SIZE}
            total={list.data.total}
            itemLabel="expenses"
            onPageChange={(next) =>
              onSearchChange(definedOnly({ ...search, page: next > 1 ? next : undefined }))
            }
          />
        </>
      )}

      <section aria-label="Expense totals" className="grid gap-3">
        <ExpenseTotals summary={summary.data} loading={summary.isPending} />
      </section>
    </div>
  );
}
