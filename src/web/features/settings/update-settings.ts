import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralSettings } from '../../../domain/settings';
import type { PricingSettings } from '../../../domain/pricing';
import type { PaymentInstructions, PublicDepositSettings } from '../../../domain/settings-defaults';
import { apiPatch } from '../../lib/api';
import { publicSettingsQueryKey } from '../public-settings/get-public-settings';
import { parseSettings, settingsQueryKey } from './get-settings';
import type { ResortSettings } from '../../../domain/schemas/settings.schema';
import type { BillingPatch } from '../../../domain/schemas/document.schema';
import type { MessagesSettings } from '../../../domain/messages-catalog';
import type { AccessSettings, ChannelSettings } from '../../../domain/settings';

export interface SettingsUpdate {
  general?: GeneralSettings;
  pricing?: Partial<PricingSettings> & { deposit?: Partial<PublicDepositSettings> };
  access?: Partial<AccessSettings>;
  /** Issue 17; the QR code has its own upload (upload-payment-qr.ts). */
  payment_instructions?: Partial<Omit<PaymentInstructions, 'qr_image_url'>>;
  /** Issue 19: the channel feeds' polling interval. */
  channels?: Partial<ChannelSettings>;
  /** Issue 18: Settings → Messages, sent whole. */
  messages?: MessagesSettings;
  /** Issue 20: Settings → Billing (any of its fields). */
  billing?: BillingPatch;
}

/** PATCH /api/settings (owners and administrators: DESIGN §5). */
export async function updateSettings(update: SettingsUpdate): Promise<ResortSettings> {
  return parseSettings(await apiPatch<unknown>('/api/settings', update));
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // The form shows the server's field messages and its own toast.
    meta: { suppressErrorToast: true },
    onSuccess: async () => {
      // Public pages render from the general settings: refresh both.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: publicSettingsQueryKey }),
      ]);
    },
  });
}
