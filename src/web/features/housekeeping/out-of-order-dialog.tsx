import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatDate } from '../../../domain/format';
import { housekeepingUpdateSchema } from '../../../domain/schemas/housekeeping.schema';
import type {
  HousekeepingUpdate,
  HousekeepingUpdateInput,
} from '../../../domain/schemas/housekeeping.schema';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { FormDialog } from '../../components/ui/form-dialog';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { useResortToday } from '../availability/resort-today';
import { useSetHousekeepingStatus } from './set-housekeeping-status';

const FIELDS = ['reason', 'until'] as const;

/** What a date input needs from register() (its min is the picker's own). */
function dateControl({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}

export interface OutOfOrderDialogProps {
  unitId: string;
  unitName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 22: a manager takes a cabin out of order with a reason and the last day it lasts; its
 * nights from today to that day are blocked like a blackout. Over existing bookings the server
 * refuses (409) and names them: shown above the fields.
 */
export function OutOfOrderDialog({ unitId, unitName, open, onOpenChange }: OutOfOrderDialogProps) {
  const today = useResortToday();
  const change = useSetHousekeepingStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<HousekeepingUpdateInput, unknown, HousekeepingUpdate>({
    resolver: zodResolver(housekeepingUpdateSchema, { error: formErrorMap }),
    defaultValues: { status: 'Out of order', reason: '', until: today },
  });
  const formId = `out-of-order-${unitId}`;

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await change.mutateAsync({
        unitId,
        changes: { status: 'Out of order', reason: values.reason, until: values.until },
      });
      toast.success(
        `${unitName} is out of order until ${values.until ? formatDate(values.until) : 'further notice'}`,
      );
      onOpenChange(false);
      reset();
    } catch (error) {
      if (applyServerIssues(error, setError, FIELDS) > 0) return;
      // A 409 names the bookings the block would overlap ("... RB-…").
      setRefusal(error instanceof Error ? error.message : 'The cabin was not changed.');
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={() => {
        reset();
        setRefusal(null);
      }}
      title={`Take ${unitName} out of order`}
      description="Its nights from today to the last day are blocked and cannot be booked. It cannot be taken out of order over existing bookings."
      formId={formId}
      submitLabel="Mark Out of Order"
      pending={change.isPending}
      onSubmit={onSubmit}
      formError={refusal}
    >
      <Field
        label="Reason"
        description="For example: broken aircon, leaking roof."
        required
        error={errors.reason?.message}
      >
        <Textarea rows={3} maxLength={300} {...register('reason')} />
      </Field>
      <Field
        label="Out of order until"
        description="The last night it cannot be sold."
        required
        error={errors.until?.message}
      >
        <DatePicker
          min={today}
          {...dateControl(register('until', { setValueAs: (value: string) => value || undefined }))}
        />
      </Field>
    </FormDialog>
  );
}
