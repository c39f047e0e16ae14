import { AlertCircle } from 'lucide-react';
import { formatCurrency } from '../../../domain/format';
import type { PublicTaxSettings } from '../../../domain/settings-defaults';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { depositSentence } from './deposit-text';
import type { Quote } from './get-quote';
import { RATE_PLAN_NAMES } from './rate-plan-text';

export interface PriceBreakdownProps {
  quote: Quote | undefined;
  /** True while a newer price is being fetched (the old one stays visible). */
  updating: boolean;
  error: string | null;
  /** False until a cabin and valid dates are chosen. */
  ready: boolean;
  /** DESIGN §4: taxes added (exclusive), inside the total (inclusive) or not charged (none). */
  taxMode?: PublicTaxSettings['tax_mode'];
  /** Issue 17: says the deposit asked now and the balance due later (the guest form). */
  showDeposit?: boolean;
  /**
   * Issue 21 point 3: the non-refundable rate's discount, given when the resort sells it; the
   * breakdown then says which plan the price is for.
   */
  ratePlanPercent?: number | undefined;
}

function Row({
  label,
  value,
  className,
  testId,
}: {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={cn('flex items-baseline justify-between gap-4 py-1.5', className)}
      data-testid={testId}
    >
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * "6 × ₱350.00, taxes included": how many the quote charged (quantity × nights and/or guests,
 * extras-pricing.ts) at the catalogue's price before tax; the amount shown includes the tax.
 */
function extraCount(extra: Quote['extras'][number]): string {
  const count = `${extra.units} × ${formatCurrency(extra.unit_price)}`;
  return extra.vat + extra.local_tax > 0 ? `${count}, taxes included` : count;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/**
 * The discount's line: "Early Bird discount (15%)", or for a promo code (issue 21) "Promo code
 * RAINY10 (10%)" / "Promo code WELCOME500".
 */
export function discountLabel(discount: NonNullable<Quote['discount']>): string {
  const share = discount.rate === null ? '' : ` (${percent(discount.rate)})`;
  return discount.kind === 'promo'
    ? `Promo code ${discount.name}${share}`
    : `${discount.name} discount${share}`;
}

/**
 * "Flexible rate: free cancellation per our refund policy." or "Non-refundable rate (10% off,
 * ₱1,014.00 less): no refund on cancellation."
 */
export function ratePlanSentence(
  quote: Pick<Quote, 'rate_plan' | 'rate_plan_saving'>,
  percent: number | undefined,
): string {
  if (quote.rate_plan === 'flexible') {
    return `${RATE_PLAN_NAMES.flexible} rate: free cancellation per our refund policy.`;
  }
  const off = percent === undefined ? '' : `${percent}% off, `;
  return `${RATE_PLAN_NAMES.non_refundable} rate (${off}${formatCurrency(quote.rate_plan_saving)} less): no refund on cancellation.`;
}

/** The tax rate the server applied (rates are settings, DESIGN §4), e.g. " (12%)". */
function rateOf(amount: number, base: number): string {
  if (base <= 0 || amount <= 0) return '';
  return ` (${Math.round((amount / base) * 100)}%)`;
}

/** DESIGN §4's breakdown as POST /api/quote answers it, in pesos (en-PH). */
export function PriceBreakdown({
  quote,
  updating,
  error,
  ready,
  taxMode = 'exclusive',
  showDeposit = false,
  ratePlanPercent,
}: PriceBreakdownProps) {
  if (!ready) {
    return (
      <p className="rounded-lg bg-muted/60 p-4 text-sm text-muted-foreground">
        Choose a cabin and your dates to see the price.
      </p>
    );
  }
  if (error && !quote) {
    return (
      <p role="alert" className="flex gap-2 rounded-lg bg-destructive-soft p-4 text-sm">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {error}
      </p>
    );
  }
  if (!quote) {
    return (
      <div role="status" className="grid gap-2 rounded-lg bg-muted/60 p-4">
        <span className="sr-only">Calculating the price…</span>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-6 w-3/4" />
      </div>
    );
  }
  const line = quote.units[0];
  const taxable = quote.subtotal - quote.discount_amount;
  const nights = `${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}`;
  return (
    <section
      aria-labelledby="price-breakdown-title"
      aria-busy={updating || undefined}
      className={cn(
        'rounded-lg border border-border bg-sand-50 p-4 transition-opacity',
        updating && 'opacity-70',
      )}
    >
      <h3 id="price-breakdown-title" className="mb-2 flex justify-between text-sm font-semibold">
        <span>Price breakdown</span>
        <span className="font-normal text-muted-foreground">{nights}</span>
      </h3>
      {ratePlanPercent !== undefined || quote.rate_plan !== 'flexible' ? (
        <p className="mb-2 text-sm" data-testid="price-rate-plan">
          {ratePlanSentence(quote, ratePlanPercent)}
        </p>
      ) : null}
      <dl className="divide-y divide-border text-sm" data-testid="price-breakdown">
        <Row
          label={`Base rate (${nights})`}
          value={formatCurrency(line?.base_total ?? quote.base_amount)}
        />
        {line && line.weekend_surcharge > 0 ? (
          <Row label="Weekend surcharge" value={formatCurrency(line.weekend_surcharge)} />
        ) : null}
        {line && line.extra_person_fee > 0 ? (
          <Row label="Extra person fee" value={formatCurrency(line.extra_person_fee)} />
        ) : null}
        <Row label="Subtotal" value={formatCurrency(quote.subtotal)} />
        {quote.discount && quote.discount_amount > 0 ? (
          <Row
            label={discountLabel(quote.discount)}
            value={`−${formatCurrency(quote.discount_amount)}`}
            className="text-success-foreground"
          />
        ) : null}
        {taxMode === 'none' && quote.tax_amount === 0 ? null : taxMode === 'inclusive' ? (
          <>
            <Row label="VAT (included)" value={formatCurrency(quote.vat)} />
            <Row label="Local tax (included)" value={formatCurrency(quote.local_tax)} />
          </>
        ) : (
          <>
            <Row label={`VAT${rateOf(quote.vat, taxable)}`} value={formatCurrency(quote.vat)} />
            <Row
              label={`Local tax${rateOf(quote.local_tax, taxable)}`}
              value={formatCurrency(quote.local_tax)}
            />
          </>
        )}
        {quote.extras.map((extra) => (
          <Row
            key={extra.extra_id}
            label={`${extra.name} (${extraCount(extra)})`}
            value={formatCurrency(extra.amount)}
            testId="quote-extra"
          />
        ))}
        {quote.extras.length > 0 ? (
          <Row
            label="Extras total"
            value={formatCurrency(quote.extras_total)}
            testId="quote-extras-total"
          />
        ) : null}
        <div className="flex items-baseline justify-between gap-4 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd className="text-right tabular-nums" data-testid="quote-total">
            {formatCurrency(quote.total_amount)}
          </dd>
        </div>
      </dl>
      {showDeposit ? (
        <p className="mt-2 text-sm font-medium" data-testid="deposit-plan">
          {depositSentence(quote.deposit)}.
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {updating ? 'Updating the price…' : `Total ${formatCurrency(quote.total_amount)}`}
      </p>
    </section>
  );
}
