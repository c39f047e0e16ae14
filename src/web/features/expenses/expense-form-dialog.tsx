import type { ReactNode } from 'react';
import { SimpleDialog } from '../../components/ui/dialog';
import { ExpenseForm } from './expense-form';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';

export interface ExpenseFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  onSaved?: (expense: Expense) => void;
}

/** SPEC §2 "Add New Expense". */
export function ExpenseFormDialog({
  open,
  onOpenChange,
  trigger,
  onSaved,
}: ExpenseFormDialogProps) {
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      size="lg"
      title="Add New Expense"
      description="Record a cost of running the resort, with its receipt if you have one."
    >
      {open ? (
        <ExpenseForm
          onCancel={() => onOpenChange(false)}
          onSaved={(expense) => {
            onOpenChange(false);
            onSaved?.(expense);
          }}
        />
      ) : null}
    </SimpleDialog>
  );
}
