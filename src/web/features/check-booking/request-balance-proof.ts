import type {
  BalanceProofCreated,
  BalanceProofRequest,
} from '../../../domain/schemas/guest-booking.schema';
import { postPublic } from '../../lib/api';

/** The message when a failed answer has none. */
export const BALANCE_PROOF_FALLBACK = 'Failed to send your payment proof. Please try again.';

/**
 * Issue 17 point 3, POST /api/guest-booking/payment: a signed upload for a proof of the balance,
 * found by the lookup's reference and e-mail (404 like the lookup, 409 when cancelled or nothing
 * is due).
 */
export function requestBalanceProof(body: BalanceProofRequest): Promise<BalanceProofCreated> {
  return postPublic<BalanceProofCreated>('/api/guest-booking/payment', body, {
    fallback: BALANCE_PROOF_FALLBACK,
  });
}
