import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_PRIORITY_LABELS } from '../../../domain/constants';
import {
  MAINTENANCE_NOTES_MAX,
  MAINTENANCE_TITLE_MAX,
  maintenanceIssueSchema,
} from '../../../domain/schemas/maintenance.schema';
import type {
  MaintenanceIssue,
  MaintenanceIssueDto,
  MaintenanceIssueInput,
} from '../../../domain/schemas/maintenance.schema';
import { CurrencyInput } from '../../components/ui/currency-input';
import { DatePicker } from '../../components/ui/date-picker';
import { Field } from '../../components/ui/field';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input } from '../../components/ui/input';
import { ReceiptField, useReceipt } from '../../components/ui/receipt-field';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { MaintenancePhotoError, useSaveMaintenanceIssue } from './save-maintenance-issue';

const FIELDS = ['title', 'priority', 'notes', 'cost', 'scheduled_from', 'scheduled_to'] as const;

const PRIORITY_OPTIONS = MAINTENANCE_PRIORITIES.map((value) => ({
  value,
  label: MAINTENANCE_PRIORITY_LABELS[value],
}));

/** What a date input needs from register(); an empty date is no date (null). */
function dateControl({ name, ref, onChange, onBlur }: UseFormRegisterReturn) {
  return { name, ref, onChange, onBlur };
}
const noDateAsNull = { setValueAs: (value: string) => value || null };

export interface MaintenanceIssueDialogProps {
  unitId: string;
  unitName: string;
  /** The issue to edit; a new one when absent. */
  issue?: MaintenanceIssueDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 22: add or edit a maintenance issue of a cabin: title, priority, notes, cost, the dates
 * the work blocks (both or neither; refused over bookings, naming them) and a photo with the
 * receipts' rules. Once its cost is recorded as an expense, the cost no longer changes.
 */
export function MaintenanceIssueDialog({
  unitId,
  unitName,
  issue,
  open,
  onOpenChange,
}: MaintenanceIssueDialogProps) {
  const save = useSaveMaintenanceIssue();
  const photo = useReceipt();
  const photoRef = useRef<HTMLDivElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const defaults: MaintenanceIssueInput = {
    title: issue?.title ?? '',
    priority: issue?.priority ?? 'normal',
    notes: issue?.notes ?? '',
    cost: issue?.cost ?? null,
    scheduled_from: issue?.scheduled_from ?? null,
    scheduled_to: issue?.scheduled_to ?? null,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<MaintenanceIssueInput, unknown, MaintenanceIssue>({
    resolver: zodResolver(maintenanceIssueSchema, { error: formErrorMap }),
    defaultValues: defaults,
  });
  const scheduledFrom = watch('scheduled_from');
  const costLocked = Boolean(issue?.expense_id);

  const close = () => {
    onOpenChange(false);
    reset(defaults);
    photo.clear();
    setRefusal(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    // A refused photo is not dropped quietly: the field says why.
    if (photo.state.status === 'error') {
      photoRef.current?.querySelector<HTMLElement>('input, button')?.focus();
      return;
    }
    const schedule = {
      scheduled_from: values.scheduled_from ?? null,
      scheduled_to: values.scheduled_to ?? null,
    };
    try {
      const saved = issue
        ? await save.mutateAsync({
            unitId,
            issueId: issue.issue_id,
            values: {
              title: values.title,
              priority: values.priority,
              notes: values.notes ?? null,
              ...(costLocked ? {} : { cost: values.cost ?? null }),
              ...schedule,
            },
            photo: photo.file,
          })
        : await save.mutateAsync({ unitId, values: { ...values, ...schedule }, photo: photo.file });
      toast.success(issue ? `${saved.title} saved` : `${saved.title} added to ${unitName}`);
      close();
    } catch (error) {
      if (error instanceof MaintenancePhotoError) {
        toast.warning('Issue saved, but the photo did not upload', { description: error.message });
        close();
        return;
      }
      if (applyServerIssues(error, setError, FIELDS) > 0) return;
      // A 409 names the bookings the scheduled dates would overlap.
      setRefusal(error instanceof Error ? error.message : 'The issue was not saved.');
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      onClosed={() => undefined}
      size="lg"
      title={issue ? `Edit ${issue.title}` : 'Add Maintenance Issue'}
      description={`Something to fix in ${unitName}. Scheduled dates block the cabin's nights; they cannot overlap bookings.`}
      formId={issue ? `maintenance-form-${issue.issue_id}` : 'maintenance-form-new'}
      submitLabel={issue ? 'Save Issue' : 'Add Issue'}
      pending={save.isPending || photo.state.status === 'preparing'}
      onSubmit={onSubmit}
      formError={refusal}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" required error={errors.title?.message} className="sm:col-span-2">
          <Input maxLength={MAINTENANCE_TITLE_MAX + 10} {...register('title')} />
        </Field>
        <Field label="Priority" required error={errors.priority?.message}>
          <Select options={PRIORITY_OPTIONS} {...register('priority')} />
        </Field>
        <Field
          label="Cost"
          description={
            costLocked ? 'Recorded as an expense: change the expense instead.' : 'Optional.'
          }
          error={errors.cost?.message}
        >
          {(controlProps) => (
            <Controller
              control={control}
              name="cost"
              render={({ field }) => (
                <CurrencyInput
                  {...controlProps}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  readOnly={costLocked}
                  value={typeof field.value === 'number' ? field.value : null}
                  onValueChange={(value) => field.onChange(value)}
                />
              )}
            />
          )}
        </Field>
        <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          <Textarea rows={3} maxLength={MAINTENANCE_NOTES_MAX + 20} {...register('notes')} />
        </Field>
        <Field
          label="Scheduled from"
          description="Optional: the first night the work blocks."
          error={errors.scheduled_from?.message}
        >
          <DatePicker {...dateControl(register('scheduled_from', noDateAsNull))} />
        </Field>
        <Field
          label="Scheduled to"
          description="The last night it blocks."
          error={errors.scheduled_to?.message}
        >
          <DatePicker
            min={scheduledFrom || undefined}
            {...dateControl(register('scheduled_to', noDateAsNull))}
          />
        </Field>
        <div className="sm:col-span-2" ref={photoRef}>
          <ReceiptField
            label="Photo"
            hint="Optional. A photo of the problem: JPG, PNG, WebP or PDF, up to 2 MB."
            noun="photo"
            state={photo.state}
            onSelect={photo.select}
            onRemove={photo.clear}
            disabled={save.isPending}
          />
        </div>
      </div>
    </FormDialog>
  );
}
