import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { PageHeader } from '../../components/ui/page-header';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { canEditExpense } from './can-edit-expense';
import { useDeleteExpense } from './delete-expense';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import { useExpense } from './get-expense';
import { RecordHistoryCard } from '../audit/record-history-card';

/** SPEC §2 /expenses/{expenseId}. */
export function ExpenseDetailPage({ expenseId }: { expenseId: string }) {
  const query = useExpense(expenseId);
  useDocumentTitle(query.data ? `Expense: ${query.data.description}` : 'Expense');
  if (query.isPending) return <DetailSkeleton label="Loading expense..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404)
      return <NotFoundRecord entity="Expense" />;
    return (
      <LoadFailed entity="Expense" message={`Failed to load expense: ${query.error.message}`} />
    );
  }
  return <ExpenseDetail expense={query.data} />;
}

function ExpenseDetail({ expense }: { expense: Expense }) {
  const user = useCurrentUser();
  const isImage = /\.(jpe?g|png|webp)$/i.test(expense.proof_file_name ?? '');
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link to="/expenses" className={buttonVariants({ variant: 'link' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All expenses
        </Link>
      </div>
      <PageHeader
        eyebrow={`${expense.category} · ${formatDate(expense.expense_date)}`}
        title={expense.description}
        description={
          <span className="text-2xl font-bold text-foreground tabular-nums">
            {formatCurrency(expense.amount)}
          </span>
        }
        actions={
          <>
            {canEditExpense(user, expense) ? (
              <Link
                to="/expenses/$expenseId/edit"
                params={{ expenseId: expense.expense_id }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            {hasRoleAtLeast(user?.role, 'owner') ? <DeleteExpenseButton expense={expense} /> : null}
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Date">{formatDate(expense.expense_date)}</Detail>
            <Detail label="Category">{expense.category}</Detail>
            <Detail label="Amount">{formatCurrency(expense.amount)}</Detail>
            <Detail label="Vendor">{expense.vendor ?? '—'}</Detail>
            <Detail label="Vendor contact">{expense.vendor_contact ?? '—'}</Detail>
            <Detail label="Cabin">
              {expense.unit_id && expense.unit_name ? (
                <Link
                  to="/units/$unitId"
                  params={{ unitId: expense.unit_id }}
                  className="text-primary underline"
                >
                  {expense.unit_name}
                </Link>
              ) : (
                '—'
              )}
            </Detail>
            <Detail label="Recorded by">{expense.created_by_name ?? '—'}</Detail>
            <Detail label="Recorded">{formatDate(expense.created_at, 'MMM dd, yyyy HH:mm')}</Detail>
            <Detail label="Last changed">
              {formatDate(expense.updated_at, 'MMM dd, yyyy HH:mm')}
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Receipt</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {expense.proof_url ? (
            <>
              {isImage ? (
                <img
                  src={expense.proof_url}
                  alt={`Receipt for ${expense.description}`}
                  className="max-h-96 w-auto max-w-full justify-self-start rounded-lg border border-border object-contain"
                />
              ) : null}
              <a
                href={expense.proof_url}
                target="_blank"
                rel="noreferrer"
                className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
              >
                <Download aria-hidden="true" />
                Open {expense.proof_file_name ?? 'receipt'}
              </a>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No receipt attached.</p>
          )}
        </CardContent>
      </Card>
      <RecordHistoryCard table="expenses" recordId={expense.expense_id} recordLabel="expense" />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function DeleteExpenseButton({ expense }: { expense: Expense }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteExpense();
  const navigate = useNavigate();
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
      title="Delete this expense?"
      description={`${expense.description} (${formatCurrency(expense.amount)}) and its receipt are removed for good.`}
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
              remove.mutate(expense.expense_id, {
                onSuccess: () => {
                  toast.success('Expense deleted');
                  void navigate({ to: '/expenses' });
                },
                onSettled: () => setOpen(false),
              })
            }
          >
            Delete Expense
          </Button>
        </>
      }
    />
  );
}
