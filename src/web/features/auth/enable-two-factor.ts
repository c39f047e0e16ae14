import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../lib/api';
import type { TwoFactorSetup } from '../../../domain/schemas/auth.schema';

/** POST /api/auth/two-factor/enable: starts set-up; two-factor is on only after confirming. */
export function enableTwoFactor(input: { password: string }): Promise<TwoFactorSetup> {
  return apiPost<TwoFactorSetup>('/api/auth/two-factor/enable', input);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor, meta: { suppressErrorToast: true } });
}

/** The base32 secret inside an otpauth:// URI, for typing into an app by hand. */
export function totpSecretOf(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}

/** The QR code's SVG markup as a data: URL for an <img> (the CSP allows data: images). */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
