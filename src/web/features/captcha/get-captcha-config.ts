import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaConfig, CaptchaProvider } from '../../../domain/schemas/captcha.schema';
import { apiGet } from '../../lib/api';

/** DESIGN §2: ALTCHA by default, Turnstile when configured, none only in tests. */
const PROVIDERS: readonly CaptchaProvider[] = ['altcha', 'turnstile', 'none'];

export function parseCaptchaConfig(raw: unknown): CaptchaConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const provider = PROVIDERS.find((p) => p === source.provider) ?? 'altcha';
  const siteKey = typeof source.site_key === 'string' ? source.site_key : undefined;
  return siteKey ? { provider, site_key: siteKey } : { provider };
}

export async function getCaptchaConfig(signal?: AbortSignal): Promise<CaptchaConfig> {
  return parseCaptchaConfig(await apiGet<unknown>('/api/captcha/config', { signal }));
}

export function captchaConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public', 'captcha', 'config'] as const,
    queryFn: ({ signal }) => getCaptchaConfig(signal),
    staleTime: Infinity,
    // Without an answer the widget falls back to ALTCHA, the default; do not keep guests waiting.
    retry: 1,
  });
}

export function useCaptchaConfig() {
  return useQuery(captchaConfigQueryOptions());
}
