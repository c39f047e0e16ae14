import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatDate } from '../../../domain/format';
import { blackoutSchema } from '../../../domain/schemas/blackout.schema';
import type {
  Blackout as BlackoutValues,
  BlackoutInput,
} from '../../../domain/schemas/blackout.schema';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/ui/date-picker';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { InlineAlert } from '../../components/ui/inline-alert';
import type { CalendarBlackout, CalendarUnit } from '../../../domain/schemas/availability.schema';
import { useCreateBlackout } from './create-blackout';
import { useDeleteBlackout } from './delete-blackout';
import { useUpdateBlackout } from './update-blackout';

const FIELDS = ['unit_id', 'start_date', 'end_date', 'reason'] as const;

/** What a date input needs from register() (its min and max are the picker's own). */
function dateControl({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}

export interface BlackoutTarget {
  blackout?: CalendarBlackout;
  unitId?: string;
  startDate?: string;
}

export interface BlackoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  units: CalendarUnit[];
  target: BlackoutTarget;
}

/** Block a cabin's dates with a reason, or change or remove a blackout (managers and above). */
export function BlackoutDialog({ open, onOpenChange, units, target }: BlackoutDialogProps) {
  const editing = target.blackout;
  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Change Blocked Dates' : 'Block Dates'}
      description="Blocked nights cannot be booked, by guests or by staff. The first and last dates are both blocked."
    >
      {open ? (
        <BlackoutForm units={units} target={target} onDone={() => onOpenChange(false)} />
      ) : null}
    </SimpleDialog>
  );
}

function BlackoutForm({
  units,
  target,
  onDone,
}: {
  units: CalendarUnit[];
  target: BlackoutTarget;
  onDone: () => void;
}) {
  const editing = target.blackout;
  const create = useCreateBlackout();
  const update = useUpdateBlackout();
  const remove = useDeleteBlackout();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<BlackoutInput, unknown, BlackoutValues>({
    resolver: zodResolver(blackoutSchema, { error: formErrorMap }),
    defaultValues: {
      unit_id: target.unitId ?? '',
      start_date: editing?.start_date ?? target.startDate ?? '',
      end_date: editing?.end_date ?? target.startDate ?? '',
      reason: editing?.reason ?? '',
    },
  });
  const start = watch('start_date');

  const onError = (error: Error) => {
    const placed = applyServerIssues(error, setError, FIELDS);
    if (isApiError(error) && error.status === 409) setRefusal(error.message);
    toast.error(placed > 0 ? 'Please correct the highlighted fields.' : error.message);
  };

  const onSubmit = (values: BlackoutValues) => {
    setRefusal(null);
    const unitName = units.find((u) => u.unit_id === values.unit_id)?.unit_name ?? 'The cabin';
    if (editing) {
      update.mutate(
        { blackoutId: editing.blackout_id, changes: values },
        {
          onSuccess: () => {
            toast.success(`Blocked dates of ${unitName} changed`);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          toast.success(
            `${unitName} is blocked from ${formatDate(values.start_date)} to ${formatDate(values.end_date)}`,
          );
          onDone();
        },
        onError,
      });
    }
  };

  const saving = create.isPending || update.isPending;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label="Blocked dates"
    >
      {refusal ? (
        <InlineAlert tone="error" title="These dates cannot be blocked">
          {refusal}
        </InlineAlert>
      ) : null}
      <Field label="Cabin" required error={errors.unit_id?.message}>
        <Select
          placeholder="Select a cabin"
          options={units.map((u) => ({
            value: u.unit_id,
            label: `${u.unit_name} (${u.unit_code})`,
          }))}
          {...register('unit_id')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First blocked night" required error={errors.start_date?.message}>
          <DatePicker {...dateControl(register('start_date'))} />
        </Field>
        <Field label="Last blocked night" required error={errors.end_date?.message}>
          <DatePicker min={start || undefined} {...dateControl(register('end_date'))} />
        </Field>
      </div>
      <Field
        label="Reason"
        description="For example: roof repairs, deep cleaning, owner's use."
        required
        error={errors.reason?.message}
      >
        <Textarea rows={3} maxLength={320} {...register('reason')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {editing ? (
          confirmDelete ? (
            <div
              className="flex flex-wrap items-center gap-2 sm:mr-auto"
              role="group"
              aria-label="Confirm removal"
            >
              <span className="text-sm">Open these dates again?</span>
              <Button
                variant="destructive"
                size="sm"
                loading={remove.isPending}
                loadingText="Removing..."
                onClick={() =>
                  remove.mutate(editing.blackout_id, {
                    onSuccess: () => {
                      toast.success('Blocked dates removed');
                      onDone();
                    },
                  })
                }
              >
                Yes, remove
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
            </div>
          ) : (
            <Button
              variant="ghost"
              className="text-destructive sm:mr-auto"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )
        ) : null}
        <Button variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} loadingText="Saving...">
          {editing ? 'Save Changes' : 'Block Dates'}
        </Button>
      </div>
    </form>
  );
}
