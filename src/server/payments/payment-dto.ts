import type { PaymentDto } from '../../domain/schemas/payment.schema';
import type { PaymentWithNames } from './payments.repository';

/** `payment-proofs/<booking>/<timestamp>-receipt.png` → `receipt.png`. */
export function proofFileName(storedPath: string | null): string | null {
  if (!storedPath) return null;
  const last = storedPath.split('/').pop() ?? '';
  return last.replace(/^\d{10,}-/, '') || last || null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** DESIGN §5: a payment as the API answers it; the storage path stays on the server. */
export function toPaymentDto(row: PaymentWithNames): PaymentDto {
  const hasProof = row.payment_proof !== null && row.payment_proof !== '';
  return {
    payment_id: row.payment_id,
    booking_id: row.booking_id,
    payment_amount: row.payment_amount,
    payment_method: row.payment_method as PaymentDto['payment_method'],
    payment_status: row.payment_status as PaymentDto['payment_status'],
    has_proof: hasProof,
    payment_proof_url: hasProof ? `/api/payments/${row.payment_id}/proof` : null,
    proof_file_name: hasProof ? proofFileName(row.payment_proof) : null,
    transaction_reference: row.transaction_reference,
    notes: row.notes,
    transaction_date: row.transaction_date.toISOString(),
    verified_at: iso(row.verified_at),
    verified_by_name: row.verified_by_name,
    recorded_by_name: row.recorded_by_name,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
