import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { WEEKDAY_NAMES } from '../../../domain/dates';
import type { Season } from '../../../domain/pricing';
import { stayRuleCreateSchema, type StayRuleDto } from '../../../domain/schemas/stay-rule.schema';
import { Button } from '../../components/ui/button';
import {
  ChoiceGroup,
  choiceCheckboxClass as checkboxClass,
} from '../../components/ui/choice-group';
import { DatePicker } from '../../components/ui/date-picker';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { NumberInput } from '../../components/ui/number-input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
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
type Errors = Partial<Record<FieldName, string>>;

/** The first message per field (the path's first part: `closed_to_arrival.0` is the days'). */
function errorsOf(issues: readonly { path: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = (issue.path.split('.')[0] ?? '') as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [season, setSeason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setDraft(draftOf(rule));
    setSeason('');
    setErrors({});
    setFormError(null);
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
        errorsOf(
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
      const issues = isApiError(error) ? (error.issues ?? []) : [];
      if (issues.length > 0) setErrors(errorsOf(issues));
      else setFormError(error instanceof Error ? error.message : 'The stay rule was not saved.');
    }
  };

  const seasonOptions = seasons.map((s, index) => ({
    value: String(index),
    label: `${s.name} (${s.start} to ${s.end})`,
  }));
  const formId = rule ? `stay-rule-form-${rule.stay_rule_id}` : 'stay-rule-form-new';
  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      trigger={trigger}
      size="lg"
      title={rule ? 'Edit Stay Rule' : 'Add Stay Rule'}
      description="A rule covers stays arriving between its dates. Where rules overlap, the strictest of each limit applies. Leave a limit empty for none."
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} loadingText="Saving...">
            {rule ? 'Save Rule' : 'Add Rule'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
        {formError ? <InlineAlert tone="error">{formError}</InlineAlert> : null}
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
          <Field label="Minimum nights" error={errors.min_nights}>
            {(props) => (
              <NumberInput
                {...props}
                min={1}
                max={365}
                value={draft.minNights}
                onValueChange={(v) => set('minNights', v)}
              />
            )}
          </Field>
          <Field label="Maximum nights" error={errors.max_nights}>
            {(props) => (
              <NumberInput
                {...props}
                min={1}
                max={365}
                value={draft.maxNights}
                onValueChange={(v) => set('maxNights', v)}
              />
            )}
          </Field>
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
          <Field
            label="Fewest days ahead"
            description="Book at least this many days before arrival."
            error={errors.min_days_ahead}
          >
            {(props) => (
              <NumberInput
                {...props}
                min={0}
                max={730}
                value={draft.minAhead}
                onValueChange={(v) => set('minAhead', v)}
              />
            )}
          </Field>
          <Field
            label="Most days ahead"
            description="Book at most this many days before arrival."
            error={errors.max_days_ahead}
          >
            {(props) => (
              <NumberInput
                {...props}
                min={0}
                max={730}
                value={draft.maxAhead}
                onValueChange={(v) => set('maxAhead', v)}
              />
            )}
          </Field>
        </div>
      </form>
    </SimpleDialog>
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
