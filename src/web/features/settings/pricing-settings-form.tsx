import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { WEEKDAY_NAMES } from '../../../domain/dates';
import type { PricingSettings } from '../../../domain/pricing';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { InlineAlert } from '../../components/ui/inline-alert';
import { pricingFormSchema, toPricingForm } from './pricing-form-model';
import type { PricingFormValues } from './pricing-form-model';
import { SettingsSection, SETTINGS_READ_ONLY_NOTE, SettingsFormActions } from './settings-section';
import { useUpdateSettings } from './update-settings';

const checkboxClass =
  'size-5 shrink-0 rounded border-input-border accent-sea-700 disabled:cursor-not-allowed disabled:opacity-60';

const TAX_MODE_OPTIONS = [
  { value: 'exclusive', label: 'Exclusive: taxes are added to the total' },
  { value: 'inclusive', label: 'Inclusive: prices already include taxes' },
  { value: 'none', label: 'None: no taxes are charged' },
];

const number = { valueAsNumber: true } as const;
const nullableNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? null : Number(value),
} as const;

export interface PricingSettingsFormProps {
  settings: PricingSettings;
  canEdit: boolean;
}

/** DESIGN §3 Pricing and §4: seasons, weekend nights, discounts, rate plans (issue 21) and taxes. */
export function PricingSettingsForm({ settings, canEdit }: PricingSettingsFormProps) {
  const update = useUpdateSettings();
  const defaults = useMemo(() => toPricingForm(settings), [settings]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<PricingFormValues, unknown, PricingSettings>({
    resolver: zodResolver(pricingFormSchema, { error: formErrorMap }),
    defaultValues: defaults,
    disabled: !canEdit,
  });
  const seasons = useFieldArray({ control, name: 'seasons' });

  const onSubmit = (values: PricingSettings) => {
    update.mutate(
      { pricing: values },
      {
        onSuccess: (saved) => {
          reset(toPricingForm(saved.pricing));
          toast.success('Pricing settings saved');
        },
        onError: (error) => {
          // Server paths are the domain's (rates as fractions), which name the same fields.
          const placed = applyServerIssues(error, setError, () => true, 'pricing.');
          toast.error(placed > 0 ? 'Please correct the highlighted fields.' : error.message);
        },
      },
    );
  };

  const d = errors.discounts;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-label="Pricing settings"
    >
      {canEdit ? null : <InlineAlert tone="info">{SETTINGS_READ_ONLY_NOTE}</InlineAlert>}

      <SettingsSection
        title="Seasons"
        description="A night in a season costs the base rate times its multiplier. When seasons overlap, the highest priority wins. A season whose start is after its end runs over the new year."
        actions={
          canEdit ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                seasons.append({
                  name: '',
                  start: '01-01',
                  end: '01-31',
                  multiplier: 1,
                  priority: 1,
                })
              }
            >
              <Plus aria-hidden="true" />
              Add Season
            </Button>
          ) : null
        }
      >
        {seasons.fields.length === 0 ? (
          <p className="rounded-lg border border-dashed border-sand-300 px-4 py-6 text-center text-sm text-muted-foreground">
            No seasons: every night costs the base rate.
          </p>
        ) : (
          <ul className="grid gap-3">
            {seasons.fields.map((season, index) => {
              const e = errors.seasons?.[index];
              return (
                <li key={season.id} className="rounded-lg border border-border p-4">
                  <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-start">
                    <legend className="sr-only">Season {index + 1}</legend>
                    <Field
                      label="Name"
                      required
                      error={e?.name?.message}
                      className="sm:col-span-2 lg:col-span-1"
                    >
                      <Input {...register(`seasons.${index}.name`)} />
                    </Field>
                    <Field label="Starts (MM-DD)" required error={e?.start?.message}>
                      <Input
                        placeholder="MM-DD"
                        inputMode="numeric"
                        {...register(`seasons.${index}.start`)}
                      />
                    </Field>
                    <Field label="Ends (MM-DD)" required error={e?.end?.message}>
                      <Input
                        placeholder="MM-DD"
                        inputMode="numeric"
                        {...register(`seasons.${index}.end`)}
                      />
                    </Field>
                    <Field label="Multiplier" required error={e?.multiplier?.message}>
                      <Input
                        type="number"
                        inputMode="decimal"
                        step={0.05}
                        min={0.05}
                        max={10}
                        {...register(`seasons.${index}.multiplier`, number)}
                      />
                    </Field>
                    <Field label="Priority" required error={e?.priority?.message}>
                      <Input
                        type="number"
                        inputMode="numeric"
                        step={1}
                        {...register(`seasons.${index}.priority`, number)}
                      />
                    </Field>
                    {canEdit ? (
                      <div className="flex items-end sm:col-span-2 lg:col-span-1 lg:h-full lg:pb-0.5">
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => seasons.remove(index)}
                          className="text-destructive"
                        >
                          <Trash2 aria-hidden="true" />
                          Remove<span className="sr-only"> season {index + 1}</span>
                        </Button>
                      </div>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ul>
        )}
      </SettingsSection>

      <SettingsSection
        title="Weekends"
        description="Weekend nights cost the cabin's weekend rate (or the base rate times the multiplier when the two rates are equal)."
      >
        <div className="grid gap-4">
          <Controller
            control={control}
            name="weekend_nights"
            render={({ field }) => (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Weekend nights</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {WEEKDAY_NAMES.map((day, dayNumber) => (
                    <label key={day} className="inline-flex min-h-10 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className={checkboxClass}
                        checked={field.value.includes(dayNumber)}
                        disabled={field.disabled}
                        onBlur={field.onBlur}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, dayNumber].sort()
                              : field.value.filter((n: number) => n !== dayNumber),
                          )
                        }
                      />
                      {day} night
                    </label>
                  ))}
                </div>
                {errors.weekend_nights?.message ? (
                  <p className="text-sm font-medium text-destructive">
                    {errors.weekend_nights.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          <Field
            label="Weekend multiplier"
            required
            error={errors.weekend_multiplier?.message}
            className="max-w-xs"
          >
            <Input
              type="number"
              inputMode="decimal"
              step={0.05}
              min={1}
              max={5}
              {...register('weekend_multiplier', number)}
            />
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Discounts"
        description="One discount per booking: the first that applies, in this order."
      >
        <div className="grid gap-4">
          <DiscountBlock title="Early Bird" enabledField={register('discounts.early_bird.enabled')}>
            <Field label="Discount (%)" required error={d?.early_bird?.rate?.message}>
              <Input
                type="number"
                inputMode="decimal"
                step={0.5}
                min={0}
                max={100}
                {...register('discounts.early_bird.rate', number)}
              />
            </Field>
            <Field label="Min. days ahead" required error={d?.early_bird?.min_days_ahead?.message}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={0}
                {...register('discounts.early_bird.min_days_ahead', number)}
              />
            </Field>
            <Field label="Minimum nights" required error={d?.early_bird?.min_nights?.message}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                {...register('discounts.early_bird.min_nights', number)}
              />
            </Field>
            <Field
              label="Largest discount (₱)"
              description="Leave empty for no cap."
              error={d?.early_bird?.cap?.message}
            >
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={0}
                {...register('discounts.early_bird.cap', nullableNumber)}
              />
            </Field>
          </DiscountBlock>
          <DiscountBlock
            title="Extended Stay"
            enabledField={register('discounts.extended_stay.enabled')}
          >
            <Field label="Discount (%)" required error={d?.extended_stay?.rate?.message}>
              <Input
                type="number"
                inputMode="decimal"
                step={0.5}
                min={0}
                max={100}
                {...register('discounts.extended_stay.rate', number)}
              />
            </Field>
            <Field label="Minimum nights" required error={d?.extended_stay?.min_nights?.message}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                {...register('discounts.extended_stay.min_nights', number)}
              />
            </Field>
          </DiscountBlock>
          <DiscountBlock
            title="Last Minute"
            enabledField={register('discounts.last_minute.enabled')}
          >
            <Field label="Discount (%)" required error={d?.last_minute?.rate?.message}>
              <Input
                type="number"
                inputMode="decimal"
                step={0.5}
                min={0}
                max={100}
                {...register('discounts.last_minute.rate', number)}
              />
            </Field>
            <Field label="Max. days ahead" required error={d?.last_minute?.max_days_ahead?.message}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={0}
                {...register('discounts.last_minute.max_days_ahead', number)}
              />
            </Field>
          </DiscountBlock>
          <DiscountBlock title="Bulk" enabledField={register('discounts.bulk.enabled')}>
            <Field label="Discount (%)" required error={d?.bulk?.rate?.message}>
              <Input
                type="number"
                inputMode="decimal"
                step={0.5}
                min={0}
                max={100}
                {...register('discounts.bulk.rate', number)}
              />
            </Field>
            <Field label="Minimum cabins" required error={d?.bulk?.min_units?.message}>
              <Input
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                {...register('discounts.bulk.min_units', number)}
              />
            </Field>
          </DiscountBlock>
        </div>
      </SettingsSection>

      <SettingsSection
        title="Rate plans"
        description="Every cabin sells the flexible rate (refunds as the cancellation policy says). Turn on a non-refundable rate for guests who pay less and get no refund when they cancel."
      >
        <fieldset className="grid gap-3 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">Non-refundable rate</legend>
          <label className="inline-flex min-h-10 w-fit items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className={checkboxClass}
              {...register('non_refundable.enabled')}
            />
            Offer a non-refundable rate
          </label>
          <Field
            label="Cheaper than the flexible rate by (%)"
            required
            description="A whole number from 1 to 90, taken off every part of the price."
            error={errors.non_refundable?.percent?.message}
            className="max-w-xs"
          >
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              min={1}
              max={90}
              {...register('non_refundable.percent', number)}
            />
          </Field>
        </fieldset>
      </SettingsSection>

      <SettingsSection
        title="Taxes"
        description="Withholding tax shows on corporate guests' receipts only."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Tax mode"
            required
            error={errors.tax_mode?.message}
            className="sm:col-span-2"
          >
            <Select options={TAX_MODE_OPTIONS} {...register('tax_mode')} />
          </Field>
          <Field label="VAT (%)" required error={errors.vat_rate?.message}>
            <Input
              type="number"
              inputMode="decimal"
              step={0.5}
              min={0}
              max={100}
              {...register('vat_rate', number)}
            />
          </Field>
          <Field label="Local tax (%)" required error={errors.local_tax_rate?.message}>
            <Input
              type="number"
              inputMode="decimal"
              step={0.5}
              min={0}
              max={100}
              {...register('local_tax_rate', number)}
            />
          </Field>
          <Field label="Withholding tax (%)" required error={errors.withholding_rate?.message}>
            <Input
              type="number"
              inputMode="decimal"
              step={0.5}
              min={0}
              max={100}
              {...register('withholding_rate', number)}
            />
          </Field>
        </div>
      </SettingsSection>

      {canEdit ? (
        <SettingsFormActions
          saveLabel="Save Pricing Settings"
          isDirty={isDirty}
          isSaving={update.isPending}
          onDiscard={() => reset(defaults)}
        />
      ) : null}
    </form>
  );
}

function DiscountBlock({
  title,
  enabledField,
  children,
}: {
  title: string;
  enabledField: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      <label className="inline-flex min-h-10 w-fit items-center gap-2 text-sm font-medium">
        <input type="checkbox" className={checkboxClass} {...enabledField} />
        Offer the {title} discount
      </label>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
    </fieldset>
  );
}
