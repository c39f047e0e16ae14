import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { UNIT_STATUSES, UNIT_TYPES } from '../../../domain/constants';
import { UNIT_DESCRIPTION_MAX, unitSchema } from '../../../domain/schemas/unit.schema';
import type {
  UnitForm as UnitFormValues,
  UnitFormInput,
} from '../../../domain/schemas/unit.schema';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { AmenitiesInput } from './amenities-input';
import { useCreateUnit } from './create-unit';
import type { UnitDto as Unit } from '../../../domain/schemas/unit.schema';
import { useUpdateUnit } from './update-unit';

const FIELDS = [
  'unit_name',
  'unit_code',
  'unit_type',
  'unit_status',
  'base_occupancy',
  'max_occupancy',
  'base_rate',
  'weekend_rate',
  'extra_person_rate',
  'amenities',
  'description',
] as const;

const TYPE_OPTIONS = UNIT_TYPES.map((type) => ({ value: type, label: type }));
const STATUS_OPTIONS = UNIT_STATUSES.map((status) => ({ value: status, label: status }));

function defaultsOf(unit: Unit | undefined): UnitFormInput {
  if (!unit) {
    return {
      unit_name: '',
      unit_code: '',
      unit_type: '' as UnitFormInput['unit_type'],
      unit_status: 'Available',
      base_occupancy: 2,
      max_occupancy: 2,
      base_rate: Number.NaN,
      weekend_rate: Number.NaN,
      extra_person_rate: 0,
      amenities: [],
      description: '',
    };
  }
  return {
    unit_name: unit.unit_name,
    unit_code: unit.unit_code,
    unit_type: unit.unit_type as UnitFormInput['unit_type'],
    unit_status: unit.unit_status,
    base_occupancy: unit.base_occupancy,
    max_occupancy: unit.max_occupancy,
    base_rate: unit.base_rate,
    weekend_rate: unit.weekend_rate,
    extra_person_rate: unit.extra_person_rate,
    amenities: unit.amenities ?? [],
    description: unit.description ?? '',
  };
}

export interface UnitFormProps {
  /** The unit being edited; a new cabin when omitted. */
  unit?: Unit;
  onSaved?: (unit: Unit) => void;
  onCancel?: () => void;
  /** Label of the submit button. */
  submitLabel?: string;
}

/**
 * SPEC §5 "Unit form" with every rule and message, checked in the browser with the schema the
 * server uses; the server's own field messages (a unit code already taken) land on their fields.
 */
export function UnitForm({ unit, onSaved, onCancel, submitLabel }: UnitFormProps) {
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const saving = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UnitFormInput, unknown, UnitFormValues>({
    resolver: zodResolver(unitSchema, { error: formErrorMap }),
    defaultValues: defaultsOf(unit),
  });

  const onSubmit = (values: UnitFormValues) => {
    const handlers = {
      onSuccess: (saved: Unit) => {
        toast.success(unit ? `${saved.unit_name} updated` : `${saved.unit_name} added`);
        onSaved?.(saved);
      },
      onError: (error: Error) => {
        const placed = applyServerIssues(error, setError, FIELDS);
        if (placed === 0 || (isApiError(error) && error.status !== 400)) {
          toast.error(error.message);
        } else {
          toast.error('Please correct the highlighted fields.');
        }
      },
    };
    if (unit) update.mutate({ unitId: unit.unit_id, changes: values }, handlers);
    else create.mutate(values, handlers);
  };

  const number = { valueAsNumber: true } as const;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label={unit ? `Edit ${unit.unit_name}` : 'New cabin'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Cabin name"
          required
          error={errors.unit_name?.message}
          className="sm:col-span-2"
        >
          <Input maxLength={60} autoComplete="off" {...register('unit_name')} />
        </Field>
        <Field
          label="Unit code"
          description="Capital letters and digits, e.g. A101."
          required
          error={errors.unit_code?.message}
        >
          <Input autoComplete="off" className="uppercase" {...register('unit_code')} />
        </Field>
        <Field label="Unit type" required error={errors.unit_type?.message}>
          <Select
            placeholder="Select a cabin type"
            options={TYPE_OPTIONS}
            {...register('unit_type')}
          />
        </Field>
        <Field label="Base occupancy" required error={errors.base_occupancy?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            {...register('base_occupancy', number)}
          />
        </Field>
        <Field label="Maximum occupancy" required error={errors.max_occupancy?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            step={1}
            {...register('max_occupancy', number)}
          />
        </Field>
        <Field label="Base rate (₱ per night)" required error={errors.base_rate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={100}
            step="any"
            placeholder="0.00"
            {...register('base_rate', number)}
          />
        </Field>
        <Field label="Weekend rate (₱ per night)" required error={errors.weekend_rate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={100}
            step="any"
            placeholder="0.00"
            {...register('weekend_rate', number)}
          />
        </Field>
        <Field
          label="Extra person rate (₱ per night)"
          description="Charged for each guest above the base occupancy."
          required
          error={errors.extra_person_rate?.message}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="0.00"
            {...register('extra_person_rate', number)}
          />
        </Field>
        <Field label="Status" required error={errors.unit_status?.message}>
          <Select options={STATUS_OPTIONS} {...register('unit_status')} />
        </Field>
        <Field
          label="Amenities"
          description="Press Enter or Add after each one."
          error={errors.amenities?.message}
          className="sm:col-span-2"
        >
          {(controlProps) => (
            <Controller
              control={control}
              name="amenities"
              render={({ field }) => (
                <AmenitiesInput
                  {...controlProps}
                  value={Array.isArray(field.value) ? (field.value as string[]) : []}
                  onChange={field.onChange}
                  disabled={field.disabled}
                />
              )}
            />
          )}
        </Field>
        <Field
          label="Description"
          description="Shown to guests with the cabin's photo. Up to 2,000 characters."
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={4} maxLength={UNIT_DESCRIPTION_MAX} {...register('description')} />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={saving} loadingText="Saving...">
          {submitLabel ?? (unit ? 'Save Changes' : 'Create Cabin')}
        </Button>
      </div>
    </form>
  );
}
