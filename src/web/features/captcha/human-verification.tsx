import { useEffect, useRef } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { AltchaWidget } from './altcha-widget';
import { useCaptchaConfig } from './get-captcha-config';
import { TurnstileWidget } from './turnstile-widget';

/** The token sent when the server runs without a challenge (CAPTCHA_PROVIDER=none, tests only). */
export const NO_CAPTCHA_TOKEN = 'none';

export interface HumanVerificationProps {
  /** The token to send as `turnstile_token`, or null while there is none. */
  onChange: (token: string | null) => void;
  /** Change it to clear the verification (after a submit used the token). */
  resetKey: number;
  /** Verify again by itself after a reset. */
  autoRestart?: boolean;
  error?: string;
}

/** SPEC §2's human-verification widget, with the provider the server is configured for. */
export function HumanVerification(props: HumanVerificationProps) {
  const { data: config, isPending } = useCaptchaConfig();
  const provider = config?.provider ?? 'altcha';
  const onChangeRef = useRef(props.onChange);

  useEffect(() => {
    onChangeRef.current = props.onChange;
  }, [props.onChange]);

  useEffect(() => {
    if (provider === 'none') onChangeRef.current(NO_CAPTCHA_TOKEN);
  }, [provider, props.resetKey]);

  if (isPending) {
    return (
      <div role="status" className="grid gap-2">
        <Skeleton className="h-16 w-full" />
        <span className="sr-only">Loading verification…</span>
      </div>
    );
  }
  if (provider === 'none') return null;
  if (provider === 'turnstile' && config?.site_key) {
    return <TurnstileWidget siteKey={config.site_key} {...props} />;
  }
  return <AltchaWidget {...props} />;
}
