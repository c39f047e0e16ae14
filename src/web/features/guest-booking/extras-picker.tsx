import { useId } from 'react';
import { EXTRA_LIMITS } from '../../../domain/extra-limits';
import type { PublicExtra } from '../../../domain/schemas/extra.schema';
import { Field } from '../../components/ui/field';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { NumberInput } from '../../components/ui/number-input';
import { Skeleton } from '../../components/ui/skeleton';
import { extraPriceText, quantityHint } from './extras-choice';
import type { ExtraChoice } from './extras-choice';

export interface ExtrasPickerProps {
  /** GET /api/public/extras: undefined while it loads. */
  extras: PublicExtra[] | undefined;
  loadError: Error | null;
  onRetry: () => void;
  choices: Readonly<Record<string, ExtraChoice>>;
  /** Each ticked extra's quantity message (shown once the field is left, or on submit). */
  errors: Readonly<Record<string, string>>;
  /** A refusal about the extras as a whole (the server's), said above them. */
  error: string | null;
  onCheck: (extraId: string, checked: boolean) => void;
  onQuantityChange: (extraId: string, quantity: number | null) => void;
  onQuantityBlur: (extraId: string) => void;
  /** What follows a VATable price ("+ 13% taxes"), or null when no tax is added. */
  taxNote: string | null;
  className?: string;
}

/** The quantity field's id, so the form can focus an extra whose quantity is refused. */
export function extraQuantityId(extraId: string): string {
  return `extra-quantity-${extraId}`;
}

function ExtraOption({
  extra,
  choice,
  error,
  taxNote,
  onCheck,
  onQuantityChange,
  onQuantityBlur,
}: {
  extra: PublicExtra;
  choice: ExtraChoice | undefined;
  error: string | undefined;
  taxNote: string | null;
} & Pick<ExtrasPickerProps, 'onCheck' | 'onQuantityChange' | 'onQuantityBlur'>) {
  const id = useId();
  const checked = choice?.checked ?? false;
  return (
    <li
      className="grid gap-3 rounded-lg border border-border bg-surface p-3"
      data-testid="extra-option"
    >
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-input-border accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          checked={checked}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-price`}
          onChange={(event) => onCheck(extra.extra_id, event.target.checked)}
        />
        <span className="grid min-w-0 gap-0.5">
          <span id={`${id}-name`} className="font-medium wrap-anywhere">
            {extra.name}
          </span>
          <span id={`${id}-price`} className="text-muted-foreground">
            {extraPriceText(extra, taxNote)}
          </span>
        </span>
      </label>
      {checked ? (
        <Field
          id={extraQuantityId(extra.extra_id)}
          label={
            <>
              Quantity<span className="sr-only"> of {extra.name}</span>
            </>
          }
          description={quantityHint(extra.charge_per)}
          error={error}
          className="pl-8"
        >
          <NumberInput
            className="max-w-24"
            min={1}
            max={EXTRA_LIMITS.quantity_max}
            value={choice?.quantity ?? null}
            onValueChange={(value) => onQuantityChange(extra.extra_id, value)}
            onBlur={() => onQuantityBlur(extra.extra_id)}
          />
        </Field>
      ) : null}
    </li>
  );
}

/**
 * Issue 17 point 4: the guest-bookable extras on the booking form, each with its price, how it
 * is charged, a tick box and a quantity. Nothing is shown when the resort offers none; a failed
 * load says so and lets the guest try again or book without extras.
 */
export function ExtrasPicker({
  extras,
  loadError,
  onRetry,
  choices,
  errors,
  error,
  taxNote,
  className,
  ...handlers
}: ExtrasPickerProps) {
  if (extras?.length === 0) return null;
  return (
    <fieldset
      id="extras-picker"
      className={className}
      aria-describedby="extras-note"
      data-testid="extras-picker"
    >
      <legend className="text-sm font-semibold">Extras (optional)</legend>
      <p id="extras-note" className="mt-1 text-sm text-muted-foreground">
        Add them to your booking now, or ask us during your stay. Their price is in your total.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="mt-3">
        {extras ? (
          <ul className="grid gap-3" aria-label="Extras">
            {extras.map((extra) => (
              <ExtraOption
                key={extra.extra_id}
                extra={extra}
                choice={choices[extra.extra_id]}
                error={errors[extra.extra_id]}
                taxNote={taxNote}
                {...handlers}
              />
            ))}
          </ul>
        ) : loadError ? (
          <LoadFailedAlert
            title="The extras could not be loaded. You can book without them."
            error={loadError}
            onRetry={onRetry}
          />
        ) : (
          <div aria-busy="true" className="grid gap-3">
            <p role="status" className="sr-only">
              Loading the extras…
            </p>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        )}
      </div>
    </fieldset>
  );
}
