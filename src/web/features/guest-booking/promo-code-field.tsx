import { BadgePercent, CheckCircle2, Info, X } from 'lucide-react';
import { useState } from 'react';
import { formatCurrency } from '../../../domain/format';
import {
  normalizePromoCode,
  PROMO_CODE_MAX,
  PROMO_CODE_MIN,
  PROMO_CODE_PATTERN,
  PROMO_MESSAGES,
} from '../../../domain/promo-codes';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import type { Quote } from '../quote/get-quote';

/**
 * The checks of promo-code.schema.ts's promoCodeField, without zod (the guest page's budget):
 * the message for a code that cannot be one, else null.
 */
export function promoCodeFormatError(typed: string): string | null {
  const code = typed.trim();
  if (code.length === 0) return PROMO_MESSAGES.required;
  if (code.length < PROMO_CODE_MIN) return PROMO_MESSAGES.tooShort;
  if (code.length > PROMO_CODE_MAX) return PROMO_MESSAGES.tooLong;
  if (!PROMO_CODE_PATTERN.test(code)) return PROMO_MESSAGES.format;
  return null;
}

/** What the quote says of the applied code: "RAINY10 applied: you save ₱1,014.00", or why not. */
export function promoStatus(
  applied: string,
  quote: Quote | undefined,
  hasStay: boolean,
): { tone: 'success' | 'info'; text: string } {
  if (!hasStay) {
    return { tone: 'info', text: `${applied} is checked once you choose a cabin and dates.` };
  }
  const promo = quote?.promo;
  if (!promo || promo.code !== applied) return { tone: 'info', text: `Checking ${applied}…` };
  return promo.applied
    ? { tone: 'success', text: `${promo.message}: you save ${formatCurrency(promo.saving)}` }
    : { tone: 'info', text: promo.message };
}

export interface PromoCodeFieldProps {
  /** The input's id (the form focuses it when the server refuses the code). */
  id: string;
  /** The code sent with the quote and the booking, or null. */
  applied: string | null;
  /** The server's reason the code typed cannot be used (a 400 at `promo_code`). */
  refusal: string | null;
  quote: Quote | undefined;
  /** True while a newer quote is on its way (the status waits for it). */
  updating: boolean;
  /** The form describes a stay the quote can price. */
  hasStay: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  className?: string;
}

/**
 * Issue 21 point 2: the "Promo code" field. Apply (or Enter) sends the code with the quote, which
 * says at once whether it applies and what it saves, or the server's reason at the field.
 */
export function PromoCodeField({
  id,
  applied,
  refusal,
  quote,
  updating,
  hasStay,
  onApply,
  onRemove,
  className,
}: PromoCodeFieldProps) {
  const [typed, setTyped] = useState(applied ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);

  const apply = () => {
    const error = promoCodeFormatError(typed);
    setFormatError(error);
    if (error) return;
    const code = normalizePromoCode(typed);
    setTyped(code);
    onApply(code);
  };

  const remove = () => {
    setTyped('');
    setFormatError(null);
    onRemove();
  };

  const error = formatError ?? refusal ?? undefined;
  const status =
    applied && !error ? promoStatus(applied, updating ? undefined : quote, hasStay) : null;

  return (
    <div className={cn('grid gap-2', className)}>
      <Field id={id} label="Promo code (optional)" error={error}>
        {(props) => (
          <div className="flex gap-2">
            <Input
              {...props}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={100}
              value={typed}
              readOnly={applied !== null}
              className="min-w-0 flex-1 uppercase"
              data-testid="promo-code-input"
              onChange={(event) => {
                setTyped(event.target.value);
                setFormatError(null);
                // A new code is judged afresh: the previous refusal no longer stands.
                if (refusal) onRemove();
              }}
              onKeyDown={(event) => {
                // Enter applies the code instead of submitting the booking.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                if (applied === null) apply();
              }}
            />
            {applied === null ? (
              <Button type="button" variant="outline" onClick={apply}>
                <BadgePercent aria-hidden="true" />
                Apply
              </Button>
            ) : (
              <Button type="button" variant="outline" onClick={remove}>
                <X aria-hidden="true" />
                Remove
                <span className="sr-only"> promo code {applied}</span>
              </Button>
            )}
          </div>
        )}
      </Field>
      <p
        role="status"
        data-testid="promo-status"
        className={cn(
          'flex gap-2 text-sm',
          status?.tone === 'success'
            ? 'font-medium text-success-foreground'
            : 'text-muted-foreground',
          !status && 'sr-only',
        )}
      >
        {status ? (
          status.tone === 'success' ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )
        ) : null}
        {status?.text}
      </p>
    </div>
  );
}
