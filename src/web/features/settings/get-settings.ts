import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only from the zod modules: this file is imported by a route loader, which is part of the
// app's first download (lib/search-params.ts explains why that stays free of zod).
import type { ResortSettings } from '../../../domain/schemas/settings.schema';
import type { AccessSettings } from '../../../domain/settings';
import {
  CHANNEL_SYNC_MINUTES,
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PAYMENT_INSTRUCTIONS,
  DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
} from '../../../domain/settings-defaults';
import type {
  GeneralSettings,
  PaymentInstructions,
  PublicDepositSettings,
} from '../../../domain/settings-defaults';
import { apiGet } from '../../lib/api';

/** Issue 17: Settings → Pricing also holds the deposit and balance rule. */
export type PricingWithDeposit = ResortSettings['pricing'];

export function parseSettings(body: unknown): ResortSettings {
  const outer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const source =
    'data' in outer && typeof outer.data === 'object' && outer.data !== null
      ? (outer.data as Record<string, unknown>)
      : outer;
  // Missing general fields fall back to the defaults so every form field has a value; pricing is
  // always answered whole (the server validates it against the domain schema).
  return {
    general: { ...DEFAULT_GENERAL_SETTINGS, ...(source.general as Partial<GeneralSettings>) },
    pricing: {
      ...(source.pricing as ResortSettings['pricing']),
      deposit: {
        ...DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
        ...(source.pricing as { deposit?: Partial<PublicDepositSettings> } | undefined)?.deposit,
      },
    },
    access: {
      hide_revenue_from_staff:
        (source.access as Partial<AccessSettings> | undefined)?.hide_revenue_from_staff === true,
    },
    payment_instructions: {
      ...DEFAULT_PAYMENT_INSTRUCTIONS,
      ...(source.payment_instructions as Partial<PaymentInstructions> | undefined),
    },
    channels: {
      sync_minutes:
        (source.channels as { sync_minutes?: number } | undefined)?.sync_minutes ??
        CHANNEL_SYNC_MINUTES.default,
    },
    // Issue 18: Settings → Messages, answered whole by the server (its defaults merged in).
    messages: source.messages as ResortSettings['messages'],
    billing: source.billing as ResortSettings['billing'],
  };
}

export async function getSettings(signal?: AbortSignal): Promise<ResortSettings> {
  return parseSettings(await apiGet<unknown>('/api/settings', { signal }));
}

export const settingsQueryKey = ['settings'] as const;

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
