import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentInstructions } from '../../../domain/settings-defaults';
import { apiDelete, apiPost } from '../../lib/api';
import { publicSettingsQueryKey } from '../public-settings/get-public-settings';
import { settingsQueryKey } from './get-settings';

/**
 * POST /api/settings/payment-qr with the image's bytes, or DELETE it (owners; issue 17): the
 * resort's QR Ph code, shown to guests with the amount to pay.
 */
export async function uploadPaymentQr(file: Blob): Promise<PaymentInstructions> {
  return (await apiPost<{ data: PaymentInstructions }>('/api/settings/payment-qr', file)).data;
}

export async function removePaymentQr(): Promise<PaymentInstructions> {
  return (await apiDelete<{ data: PaymentInstructions }>('/api/settings/payment-qr')).data;
}

function useRefreshSettings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
      queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey }),
    ]);
}

export function useUploadPaymentQr() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: uploadPaymentQr,
    meta: { suppressErrorToast: true },
    onSuccess: refresh,
  });
}

export function useRemovePaymentQr() {
  const refresh = useRefreshSettings();
  return useMutation({
    mutationFn: removePaymentQr,
    meta: { suppressErrorToast: true },
    onSuccess: refresh,
  });
}
