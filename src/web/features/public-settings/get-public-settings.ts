import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatPhoneDisplay } from '../../../domain/format';
import {
  DEFAULT_GENERAL_SETTINGS,
  DEFAULT_PAYMENT_INSTRUCTIONS,
  DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
  DEFAULT_PUBLIC_NON_REFUNDABLE_SETTINGS,
  DEFAULT_PUBLIC_TAX_SETTINGS,
} from '../../../domain/settings-defaults';
import type { PublicSettings } from '../../../domain/settings-defaults';
import { apiGet } from '../../lib/api';

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  ...DEFAULT_GENERAL_SETTINGS,
  ...DEFAULT_PUBLIC_TAX_SETTINGS,
  version: '',
  deposit: DEFAULT_PUBLIC_DEPOSIT_SETTINGS,
  payment_instructions: DEFAULT_PAYMENT_INSTRUCTIONS,
  non_refundable: DEFAULT_PUBLIC_NON_REFUNDABLE_SETTINGS,
};

/**
 * Takes only the fields whose type matches the defaults, so a partial or odd answer from the
 * server can never blank out the policy text on the public pages.
 */
export function mergePublicSettings(raw: unknown): PublicSettings {
  const source =
    typeof raw === 'object' && raw !== null && 'data' in raw
      ? (raw as { data: unknown }).data
      : raw;
  const merged: Record<string, unknown> = { ...DEFAULT_PUBLIC_SETTINGS };
  if (typeof source === 'object' && source !== null) {
    for (const [key, fallback] of Object.entries(DEFAULT_PUBLIC_SETTINGS)) {
      const value = (source as Record<string, unknown>)[key];
      const usable =
        typeof value === 'string' ? value.trim().length > 0 : value !== undefined && value !== null;
      if (usable && typeof value === typeof fallback) merged[key] = value;
    }
  }
  // The resort's number reads like every other phone in the app (issue 15), however it was typed.
  merged.contact_phone = formatPhoneDisplay(merged.contact_phone as string);
  return merged as PublicSettings;
}

export async function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  const body = await apiGet<unknown>('/api/public/settings', { signal });
  return mergePublicSettings(body);
}

export const publicSettingsQueryKey = ['public', 'settings'] as const;

export function publicSettingsQueryOptions() {
  return queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: 30 * 60 * 1000,
  });
}

/**
 * The resort's public profile. While it loads, or if it fails, the defaults from
 * src/domain/settings.ts stand in, so public pages always render complete text.
 */
export function usePublicSettings(): PublicSettings {
  const { data } = useQuery(publicSettingsQueryOptions());
  return data ?? DEFAULT_PUBLIC_SETTINGS;
}
