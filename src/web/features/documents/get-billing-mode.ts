import { useQuery } from '@tanstack/react-query';
import type { BillingMode } from '../../../domain/documents';
import type { BillingSettings } from '../../../domain/schemas/document.schema';
import { apiGet } from '../../lib/api';

/**
 * The billing mode (Settings → Billing) from GET /api/settings, under the settings' own key so a
 * saved change refreshes it. Read here rather than through the settings feature, which uses the
 * bookings feature (a folder circle). Acknowledgement receipts until told otherwise.
 */
export function useBillingMode(): BillingMode {
  const query = useQuery({
    queryKey: ['settings', 'billing-mode'],
    queryFn: async ({ signal }) => {
      const body = await apiGet<{ billing?: Partial<BillingSettings> }>('/api/settings', {
        signal,
      });
      return body.billing?.mode ?? 'acknowledgement_receipt';
    },
    staleTime: 60 * 1000,
  });
  return query.data ?? 'acknowledgement_receipt';
}
