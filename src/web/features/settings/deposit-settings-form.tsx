import { useState } from 'react';
import type { PublicDepositSettings } from '../../../domain/settings-defaults';
import { Field } from '../../components/ui/field';
import { radioClass } from '../../components/ui/input';
import { NumberInput } from '../../components/ui/number-input';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { SectionSaveButton, SettingsSection } from './settings-section';
import { useUpdateSettings } from './update-settings';

type Mode = PublicDepositSettings['mode'];
type Errors = Partial<Record<'mode' | 'percent' | 'days', string>>;

const MODES: { value: Mode; label: string }[] = [
  { value: 'percent', label: 'A percentage of the total' },
  { value: 'first_night', label: 'The first night' },
  { value: 'full', label: 'The full amount' },
];

/** "Guests pay 50% when they book and the balance 7 days before arrival." */
export function depositSummary(deposit: PublicDepositSettings): string {
  if (deposit.mode === 'full') return 'Guests pay the full amount when they book.';
  const now = deposit.mode === 'percent' ? `${deposit.percent}%` : 'the first night';
  const days = deposit.balance_due_days_before_arrival;
  const due = days === 0 ? 'at check-in' : `${days} ${days === 1 ? 'day' : 'days'} before arrival`;
  return `Guests pay ${now} when they book and the balance ${due}.`;
}

/**
 * Issue 17 point 2, Settings → Pricing "Deposit and balance" (owners): what a guest pays when
 * booking (a percentage, the first night or everything) and when the balance is due.
 */
export function DepositSettingsForm({
  deposit,
  canEdit,
}: {
  deposit: PublicDepositSettings;
  canEdit: boolean;
}) {
  const update = useUpdateSettings();
  const [mode, setMode] = useState<Mode>(deposit.mode);
  const [percent, setPercent] = useState<number | null>(deposit.percent);
  const [dueAtCheckIn, setDueAtCheckIn] = useState(deposit.balance_due_days_before_arrival === 0);
  const [days, setDays] = useState<number | null>(
    deposit.balance_due_days_before_arrival === 0 ? 7 : deposit.balance_due_days_before_arrival,
  );
  const [errors, setErrors] = useState<Errors>({});
  const disabled = !canEdit || update.isPending;

  const save = async () => {
    const local: Errors = {};
    if (mode === 'percent' && (percent === null || percent < 1 || percent > 100)) {
      local.percent = 'Enter a percentage from 1 to 100';
    }
    if (!dueAtCheckIn && (days === null || days < 1 || days > 365)) {
      local.days = 'Enter a number of days from 1 to 365';
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const saved = await update.mutateAsync({
        pricing: {
          deposit: {
            mode,
            ...(mode === 'percent' && percent !== null ? { percent } : {}),
            balance_due_days_before_arrival: dueAtCheckIn ? 0 : (days ?? 0),
          },
        },
      });
      toast.success(`Deposit saved. ${depositSummary(saved.pricing.deposit)}`);
    } catch (error) {
      const placed: Errors = {};
      for (const issue of isApiError(error) ? (error.issues ?? []) : []) {
        if (issue.path.endsWith('.mode')) placed.mode = issue.message;
        else if (issue.path.endsWith('.percent')) placed.percent = issue.message;
        else if (issue.path.endsWith('.balance_due_days_before_arrival'))
          placed.days = issue.message;
      }
      setErrors(placed);
      toast.error(
        Object.keys(placed).length > 0
          ? 'Please correct the highlighted fields.'
          : error instanceof Error
            ? error.message
            : 'The deposit was not saved.',
      );
    }
  };

  return (
    <SettingsSection title="Deposit and balance" description={depositSummary(deposit)}>
      <form
        aria-label="Deposit and balance"
        noValidate
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset
          className="grid gap-2"
          aria-describedby={errors.mode ? 'deposit-mode-error' : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Deposit asked when booking</legend>
          {MODES.map((option) => (
            <label key={option.value} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="deposit-mode"
                className={radioClass}
                value={option.value}
                checked={mode === option.value}
                disabled={disabled}
                onChange={() => setMode(option.value)}
              />
              {option.label}
            </label>
          ))}
          {errors.mode ? (
            <p id="deposit-mode-error" className="text-sm font-medium text-destructive">
              {errors.mode}
            </p>
          ) : null}
        </fieldset>
        {mode === 'percent' ? (
          <Field
            label="Deposit percentage"
            description="Of the stay's total, taxes included; rounded up to the peso."
            error={errors.percent}
            className="max-w-56"
          >
            {(props) => (
              <NumberInput
                {...props}
                value={percent}
                onValueChange={setPercent}
                min={1}
                max={100}
                disabled={disabled}
              />
            )}
          </Field>
        ) : null}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Balance due</legend>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              name="balance-due"
              className={radioClass}
              checked={dueAtCheckIn}
              disabled={disabled}
              onChange={() => setDueAtCheckIn(true)}
            />
            At check-in
          </label>
          <label className="flex items-center gap-3 text-sm">
            <input
              type="radio"
              name="balance-due"
              className={radioClass}
              checked={!dueAtCheckIn}
              disabled={disabled}
              onChange={() => setDueAtCheckIn(false)}
            />
            Some days before arrival
          </label>
        </fieldset>
        {dueAtCheckIn ? null : (
          <Field
            label="Days before arrival"
            description="A stay booked closer to arrival than this is paid in full when booked."
            error={errors.days}
            className="max-w-56"
          >
            {(props) => (
              <NumberInput
                {...props}
                value={days}
                onValueChange={setDays}
                min={1}
                max={365}
                disabled={disabled}
              />
            )}
          </Field>
        )}
        <SectionSaveButton canEdit={canEdit} pending={update.isPending}>
          Save Deposit
        </SectionSaveButton>
      </form>
    </SettingsSection>
  );
}
