import type { QuoteRequest, QuoteResponse } from '../../domain/schemas/quote.schema';
import type { BookingCreationService } from '../bookings/booking-creation.service';

/**
 * DESIGN §5 `POST /api/quote`: DESIGN §4's breakdown for units, guests and a stay, priced by the
 * same service that creates bookings, with today in the resort's zone. Issue 17: the extras
 * asked for are priced as a guest's (only guest-bookable ones; an unknown one 400) for the stay's
 * nights and guests and added to total_amount, and the deposit plan is the resort's deposit rule
 * over that total, the figures a booking made from the same request stores.
 */
export async function quoteStay(
  deps: { bookingCreation: BookingCreationService },
  request: QuoteRequest,
): Promise<QuoteResponse> {
  const { units, check_in, check_out, extras = [], promo_code, rate_plan } = request;
  const priced = await deps.bookingCreation.quoteStay({
    lines: units,
    check_in,
    check_out,
    extras: { selection: extras, asGuest: true },
    // Issue 21: the stay rules always apply here (a guest never overrides them); a code is
    // checked with the uses so far, without a lock (the booking counts it under one).
    promo_code,
    rate_plan,
  });
  return {
    ...priced.quote,
    extras: priced.extras.lines.map((line) => ({
      extra_id: line.extra_id,
      name: line.name,
      charge_per: line.charge_per,
      quantity: line.quantity,
      units: line.units,
      unit_price: line.unit_amount,
      amount: line.amount,
      vat: line.vat_amount,
      local_tax: line.local_tax_amount,
    })),
    extras_total: priced.extras.total,
    total_amount: priced.total_amount,
    deposit: priced.deposit,
  };
}
