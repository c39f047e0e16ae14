import type { PaymentDto } from '../../../domain/schemas/payment.schema';

/** A proof shown in the page: an image, or a PDF in a frame. */
export function proofKind(payment: Pick<PaymentDto, 'proof_file_name'>): 'pdf' | 'image' {
  return payment.proof_file_name?.toLowerCase().endsWith('.pdf') ? 'pdf' : 'image';
}

/** Verified and refunded payments are settled money: DESIGN §5 lets administrators edit them. */
export function isSettled(payment: Pick<PaymentDto, 'payment_status'>): boolean {
  return payment.payment_status === 'Completed' || payment.payment_status === 'Refunded';
}
