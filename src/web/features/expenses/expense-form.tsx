import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { EXPENSE_CATEGORIES } from '../../../domain/constants';
import { makeExpenseSchema } from '../../../domain/schemas/expense.schema';
import type {
  Expense as ExpenseValues,
  ExpenseInput,
} from '../../../domain/schemas/expense.schema';
import { Button } from '../../components/ui/button';
import { CurrencyInput } from '../../components/ui/currency-input';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { useResortToday } from '../availability/resort-today';
import { useAllUnits } from '../units/get-units';
import { ExpenseProofError, useCreateExpense } from './create-expense';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import { ReceiptField, useReceipt } from '../../components/ui/receipt-field';
import { EXPENSE_SIGN_IN_MESSAGE, useUpdateExpense } from './update-expense';

const FIELDS = [
  'expense_date',
  'category',
  'amount',
  'description',
  'vendor',
  'vendor_contact',
  'unit_id',
] as const;

const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((category) => ({
  value: category,
  label: category,
}));

function dateControl({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}

export interface ExpenseFormProps {
  expense?: Expense;
  onSaved?: (expense: Expense) => void;
  onCancel?: () => void;
}

/**
 * "Add New Expense" and the expense edit form: date, category, amount (SPEC §5 currency input),
 * description, vendor, an optional cabin and an optional receipt uploaded to the private
 * expense-proofs bucket.
 */
export function ExpenseForm({ expense, onSaved, onCancel }: ExpenseFormProps) {
  const today = useResortToday();
  const units = useAllUnits();
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const receipt = useReceipt();
  const [removeProof, setRemoveProof] = useState(false);
  const receiptRef = useRef<HTMLDivElement>(null);
  const schema = useMemo(() => makeExpenseSchema(today), [today]);
  const saving = create.isPending || update.isPending || receipt.state.status === 'preparing';
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ExpenseInput, unknown, ExpenseValues>({
    resolver: zodResolver(schema, { error: formErrorMap }),
    defaultValues: {
      expense_date: expense?.expense_date ?? today,
      category: expense?.category ?? ('' as ExpenseInput['category']),
      amount: expense?.amount ?? (undefined as unknown as number),
      description: expense?.description ?? '',
      vendor: expense?.vendor ?? '',
      vendor_contact: expense?.vendor_contact ?? '',
      unit_id: expense?.unit_id ?? null,
    },
  });

  const onError = (error: Error) => {
    if (error instanceof ExpenseProofError) {
      toast.warning('Expense saved, but the receipt did not upload', {
        description: error.message,
      });
      onSaved?.(error.expense);
      return;
    }
    if (isApiError(error) && error.status === 401) {
      toast.error(EXPENSE_SIGN_IN_MESSAGE);
      return;
    }
    const placed = applyServerIssues(error, setError, FIELDS);
    toast.error(placed > 0 ? 'Please correct the highlighted fields.' : error.message);
  };

  const onSubmit = (values: ExpenseValues) => {
    // A refused receipt is not dropped quietly: the field says why; the person removes it or
    // picks another file before the expense is saved.
    if (receipt.state.status === 'error') {
      receiptRef.current?.querySelector<HTMLElement>('input, button')?.focus();
      return;
    }
    const body = { ...values, unit_id: values.unit_id || null };
    if (expense) {
      update.mutate(
        {
          expenseId: expense.expense_id,
          changes: {
            ...body,
            vendor: values.vendor ?? null,
            vendor_contact: values.vendor_contact ?? null,
            ...(removeProof && !receipt.file ? { proof_url: null } : {}),
          },
          proof: receipt.file,
        },
        {
          onSuccess: (saved) => {
            toast.success('Expense updated');
            onSaved?.(saved);
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { values: body, proof: receipt.file },
        {
          onSuccess: (saved) => {
            toast.success('Expense added');
            onSaved?.(saved);
          },
          onError,
        },
      );
    }
  };

  // The empty option means no cabin: null, not "" (which would read as a malformed id).
  const unitField = register('unit_id', { setValueAs: (value: string) => (value ? value : null) });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label={expense ? 'Edit expense' : 'New expense'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date" required error={errors.expense_date?.message}>
          <DatePicker max={today} {...dateControl(register('expense_date'))} />
        </Field>
        <Field label="Category" required error={errors.category?.message}>
          <Select
            placeholder="Select a category"
            options={CATEGORY_OPTIONS}
            {...register('category')}
          />
        </Field>
        <Field label="Amount" required error={errors.amount?.message}>
          {(controlProps) => (
            <Controller
              control={control}
              name="amount"
              render={({ field }) => (
                <CurrencyInput
                  {...controlProps}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={typeof field.value === 'number' ? field.value : null}
                  onValueChange={(value) => field.onChange(value ?? undefined)}
                />
              )}
            />
          )}
        </Field>
        <Field
          label="Cabin"
          description="Optional: the cabin this cost was for."
          error={errors.unit_id?.message}
        >
          <Select
            placeholder="No particular cabin"
            options={(units.data?.data ?? []).map((unit) => ({
              value: unit.unit_id,
              label: unit.unit_name,
            }))}
            {...unitField}
          />
        </Field>
        <Field
          label="Description"
          required
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={3} maxLength={520} {...register('description')} />
        </Field>
        <Field label="Vendor" error={errors.vendor?.message}>
          <Input autoComplete="organization" maxLength={110} {...register('vendor')} />
        </Field>
        <Field label="Vendor contact" error={errors.vendor_contact?.message}>
          <Input maxLength={110} {...register('vendor_contact')} />
        </Field>
        <div className="sm:col-span-2" ref={receiptRef}>
          <ReceiptField
            state={receipt.state}
            onSelect={(file) => {
              setRemoveProof(false);
              receipt.select(file);
            }}
            onRemove={receipt.clear}
            current={
              expense?.proof_url && !removeProof
                ? { url: expense.proof_url, name: expense.proof_file_name }
                : null
            }
            onRemoveCurrent={expense ? () => setRemoveProof(true) : undefined}
            disabled={create.isPending || update.isPending}
          />
          {removeProof && !receipt.file ? (
            <p className="mt-1 text-sm text-muted-foreground" role="status">
              The receipt will be removed when you save.{' '}
              <button
                type="button"
                className="font-medium text-primary underline"
                onClick={() => setRemoveProof(false)}
              >
                Keep it
              </button>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button
            variant="outline"
            onClick={onCancel}
            disabled={create.isPending || update.isPending}
          >
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={saving} loadingText="Saving...">
          {expense ? 'Save Changes' : 'Add Expense'}
        </Button>
      </div>
    </form>
  );
}
