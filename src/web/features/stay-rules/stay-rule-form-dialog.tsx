import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { WEEKDAY_NAMES } from '../../../domain/dates';
import type { Season } from '../../../domain/pricing';
import { stayRuleCreateSchema, type StayRuleDto } from '../../../domain/schemas/stay-rule.schema';
import {
  ChoiceGroup,
  choiceCheckboxClass as checkboxClass,
} from '../../components/ui/choice-group';
import { DatePicker } from '../../components/ui/date-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field } from '../../components/ui/field';
import { NumberField } from '../../components/ui/number-field';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { useDraftForm } from '../../lib/use-draft-form';
import { firstMessageByField } from '../../lib/form-errors';
import { useResortToday } from '../availability/resort-today';
import { CabinChoice } from '../units/cabin-choice';
import { nextSeasonRange } from './season-dates';
import { useSaveStayRule } from './save-stay-rule';

type FieldName =
  | 'unit_ids'
  | 'from'
  | 'to'
  | 'min_nights'
  | 'max_nights'
  | 'closed_to_arrival'
  | 'closed_to_departure'
  | 'min_days_ahead'
  | 'max_days_ahead';

interface Draft {
  unitIds: string[];
  from: string;
  to: string;
  minNights: number | null;
  maxNights: number | null;
  closedArrival: number[];
  closedDeparture: number[];
  minAhead: number | null;
  maxAhead: number | null;
}

function draftOf(rule: StayRuleDto | undefined): Draft {
  return {
    unitIds: [...(rule?.unit_ids ?? [])],
    from: rule?.from ?? '',
    to: rule?.to ?? '',
    minNights: rule?.min_nights ?? null,
    maxNights: rule?.max_nights ?? null,
    closedArrival: [...(rule?.closed_to_arrival ?? [])],
    closedDeparture: [...(rule?.closed_to_departure ?? [])],
    minAhead: rule?.min_days_ahead ?? null,
    maxAhead: rule?.max_days_ahead ?? null,
  };
}

/**
 * Issue 21 point 1: add or edit a stay rule (owners and up). The form checks with the server's
 * own schema (stayRuleCreateSchema) and shows each field's message, the server's too.
 */
export function StayRuleFormDialog({
  rule,
  seasons,
  open,
  onOpenChange,
  trigger,
}: {
  rule?: StayRuleDto | undefined;
  seasons: readonly Season[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const save = useSaveStayRule();
  const today = useResortToday();
  const form = useDraftForm<Draft, FieldName>(() => draftOf(rule));
  const { draft, setDraft, set, errors, setErrors, formError, setFormError, refused } = form;
  const [season, setSeason] = useState('');
  const reset = () => {
    form.reset();
    setSeason('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = stayRuleCreateSchema.safeParse({
      unit_ids: draft.unitIds,
      from: draft.from,
      to: draft.to,
      min_nights: draft.minNights,
      max_nights: draft.maxNights,
      closed_to_arrival: [...draft.closedArrival].sort(),
      closed_to_departure: [...draft.closedDeparture].sort(),
      min_days_ahead: draft.minAhead,
      max_days_ahead: draft.maxAhead,
    });
    if (!parsed.success) {
      setErrors(
        firstMessageByField<FieldName>(
          parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message:
              (issue.path[0] === 'from' && draft.from === '') ||
              (issue.path[0] === 'to' && draft.to === '')
                ? issue.path[0] === 'from'
                  ? 'Enter the first arrival date'
                  : 'Enter the last arrival date'
                : issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ stayRuleId: rule?.stay_rule_id, body: parsed.data });
      toast.success(rule ? 'Stay rule saved' : 'Stay rule added');
      onOpenChange(false);
      if (!rule) reset();
    } catch (error) {
      refused(error, 'The stay rule was not saved.');
    }
  };

  const seasonOptions = seasons.map((s, index) => ({
    value: String(index),
    label: `${s.name} (${s.start} to ${s.end})`,
  }));
  const formId = rule ? `stay-rule-form-${rule.stay_rule_id}` : 'stay-rule-form-new';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={reset}
      trigger={trigger}
      size="lg"
      title={rule ? 'Edit Stay Rule' : 'Add Stay Rule'}
      description="A rule covers stays arriving between its dates. Where rules overlap, the strictest of each limit applies. Leave a limit empty for none."
      formId={formId}
      submitLabel={rule ? 'Save Rule' : 'Add Rule'}
      pending={save.isPending}
      onSubmit={submit}
      formError={formError}
    >
      <CabinChoice
        legend="Cabins"
        value={draft.unitIds}
        onChange={(ids) => set('unitIds', ids)}
        error={errors.unit_ids}
      />
      {seasons.length > 0 ? (
        <Field
          label="Fill from season"
          description="Sets the dates to the season's next occurrence."
        >
          <Select
            options={seasonOptions}
            placeholder="Choose a season"
            value={season}
            onChange={(event) => {
              setSeason(event.target.value);
              const picked = seasons[Number(event.target.value)];
              if (event.target.value !== '' && picked) {
                const range = nextSeasonRange(picked, today);
                setDraft((current) => ({ ...current, from: range.from, to: range.to }));
              }
            }}
          />
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Arrivals from" required error={errors.from}>
          <DatePicker value={draft.from} onChange={(event) => set('from', event.target.value)} />
        </Field>
        <Field label="Arrivals to" required error={errors.to}>
          <DatePicker
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => set('to', event.target.value)}
          />
        </Field>
        <NumberField
          label="Minimum nights"
          error={errors.min_nights}
          min={1}
          max={365}
          value={draft.minNights}
          onValueChange={(v) => set('minNights', v)}
        />
        <NumberField
          label="Maximum nights"
          error={errors.max_nights}
          min={1}
          max={365}
          value={draft.maxNights}
          onValueChange={(v) => set('maxNights', v)}
        />
      </div>
      <WeekdayChoice
        legend="Closed to arrival"
        value={draft.closedArrival}
        onChange={(days) => set('closedArrival', days)}
        error={errors.closed_to_arrival}
      />
      <WeekdayChoice
        legend="Closed to departure"
        value={draft.closedDeparture}
        onChange={(days) => set('closedDeparture', days)}
        error={errors.closed_to_departure}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          label="Fewest days ahead"
          description="Book at least this many days before arrival."
          error={errors.min_days_ahead}
          min={0}
          max={730}
          value={draft.minAhead}
          onValueChange={(v) => set('minAhead', v)}
        />
        <NumberField
          label="Most days ahead"
          description="Book at most this many days before arrival."
          error={errors.max_days_ahead}
          min={0}
          max={730}
          value={draft.maxAhead}
          onValueChange={(v) => set('maxAhead', v)}
        />
      </div>
    </FormDialog>
  );
}

function WeekdayChoice({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: readonly number[];
  onChange: (days: number[]) => void;
  error?: string | undefined;
}) {
  return (
    <ChoiceGroup legend={legend} error={error}>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {WEEKDAY_NAMES.map((day, dayNumber) => (
          <label key={day} className="inline-flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={value.includes(dayNumber)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, dayNumber].sort((a, b) => a - b)
                    : value.filter((n) => n !== dayNumber),
                )
              }
            />
            {day}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}
