import { ArrowLeft, KeyRound, LogIn, ShieldCheck, Waves } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { loginSchema } from '../../../domain/schemas/login.schema';
import type { Login, LoginInput } from '../../../domain/schemas/login.schema';
import { SkipLink } from '../../components/layout/skip-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { isApiError } from '../../lib/api';
import { setFlashToast } from '../../lib/flash-toast';
import { applyServerIssues } from '../../lib/form-errors';
import { paths } from '../../lib/paths';
import { setSessionHint } from '../../lib/session-hint';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSchemaForm } from '../../lib/use-schema-form';
import { usePublicSettings } from '../public-settings/get-public-settings';
import { InlineAlert } from '../../components/ui/inline-alert';
import { postLoginTarget } from './redirect-target';
import { useSignIn } from './sign-in';
import { useVerifyTwoFactor } from './verify-two-factor';

/** SPEC §8 login messages. */
export const LOGIN_SUCCESS_MESSAGE = 'Logged in successfully!';
export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';

const twoFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    // A 6-digit TOTP code, or one of the backup codes shown at set-up.
    .max(32, 'Enter the code from your authenticator app'),
});

/** What the alert above the form says: a title, and the server's reason when there is one. */
type LoginAlert = { title: string; message?: string };

/**
 * Refusals that are not a wrong password, shown with the server's own words: 423 (locked; the
 * message says until when: SPEC §9), 429 (too many attempts from this address) and 403 (the
 * account is deactivated).
 */
function refusalOf(error: unknown): LoginAlert | null {
  if (!isApiError(error)) return null;
  if (error.status === 423 || error.status === 429) {
    return { title: 'Sign-in is temporarily blocked', message: error.message };
  }
  if (error.status === 403) return { title: 'Sign-in refused', message: error.message };
  return null;
}

function failureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : LOGIN_FAILED_MESSAGE;
}

export interface LoginPageProps {
  /** The `redirect` search parameter; checked against the allowed prefixes (SPEC §2). */
  redirect?: string;
}

/** SPEC §2 /login, §5 redirect targets, §8 messages, §9 lockout. */
export function LoginPage({ redirect }: LoginPageProps) {
  const settings = usePublicSettings();
  useDocumentTitle('Staff Sign In', settings.resort_name);
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const [alert, setAlert] = useState<LoginAlert | null>(null);
  const [reloading, setReloading] = useState(false);

  /** SPEC §2: after a successful login the page reloads (on the target page). */
  const completeSignIn = () => {
    setReloading(true);
    setSessionHint(true);
    setFlashToast('success', LOGIN_SUCCESS_MESSAGE);
    window.location.assign(postLoginTarget(redirect));
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-sea-50 via-background to-background">
      <SkipLink />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-4 py-10 focus-visible:outline-none"
      >
        <div className="grid justify-items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
            <Waves aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight text-balance text-sea-950 sm:text-3xl">
            {settings.resort_name}
          </h1>
          <p className="text-base text-muted-foreground">
            Staff sign-in: sign in to access the resort management dashboard.
          </p>
        </div>

        <Card>
          <CardContent className="grid gap-5 pt-5 sm:pt-6">
            {alert ? (
              <InlineAlert tone="error" title={alert.title} onDismiss={() => setAlert(null)}>
                {alert.message}
              </InlineAlert>
            ) : null}
            {step === 'credentials' ? (
              <CredentialsForm
                reloading={reloading}
                onAlert={setAlert}
                onTwoFactorRequired={() => {
                  setAlert(null);
                  setStep('two-factor');
                }}
                onSignedIn={completeSignIn}
              />
            ) : (
              <TwoFactorStep
                reloading={reloading}
                onAlert={setAlert}
                onBack={() => {
                  setAlert(null);
                  setStep('credentials');
                }}
                onSignedIn={completeSignIn}
              />
            )}
          </CardContent>
        </Card>

        <p className="text-center text-sm">
          {/* The public pages have their own entry (public.html): a full page load. */}
          <a
            href={paths.home}
            className="inline-flex items-center gap-1.5 rounded-md font-medium text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the resort website
          </a>
        </p>
      </main>
    </div>
  );
}

interface StepProps {
  reloading: boolean;
  onAlert: (alert: LoginAlert | null) => void;
  onSignedIn: () => void;
}

function CredentialsForm({
  reloading,
  onAlert,
  onSignedIn,
  onTwoFactorRequired,
}: StepProps & { onTwoFactorRequired: () => void }) {
  const signIn = useSignIn();
  const { field, errors, handleSubmit, setError, setValue, setFocus } = useSchemaForm<
    Required<LoginInput>,
    Login
  >(loginSchema, { email: '', password: '' });

  const onSubmit = (values: Login) => {
    onAlert(null);
    signIn.mutate(values, {
      onSuccess: (result) => {
        if (result.status === 'two-factor-required') onTwoFactorRequired();
        else onSignedIn();
      },
      onError: (error) => {
        if (applyServerIssues(error, setError, ['email', 'password']) > 0) return;
        // One message, said once, in the alert above the fields (no toast repeating it).
        const refusal = refusalOf(error);
        if (refusal) {
          // A locked or deactivated account: the server's message says why and until when.
          onAlert(refusal);
          return;
        }
        onAlert({ title: failureMessage(error) });
        setValue('password', '');
        setFocus('password');
      },
    });
  };

  const busy = signIn.isPending || reloading;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Sign in">
      <Field label="Email" required error={errors.email}>
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          placeholder="you@example.com"
          {...field('email')}
        />
      </Field>
      <Field label="Password" required error={errors.password}>
        <Input type="password" autoComplete="current-password" required {...field('password')} />
      </Field>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        loading={busy}
        loadingText="Signing in..."
      >
        <LogIn aria-hidden="true" />
        Sign In
      </Button>
    </form>
  );
}

function TwoFactorStep({
  reloading,
  onAlert,
  onSignedIn,
  onBack,
}: StepProps & { onBack: () => void }) {
  const verify = useVerifyTwoFactor();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { field, errors, handleSubmit, setError, setValue } = useSchemaForm(twoFactorSchema, {
    code: '',
  });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onSubmit = ({ code }: { code: string }) => {
    onAlert(null);
    verify.mutate(code.replace(/\s+/g, ''), {
      onSuccess: onSignedIn,
      onError: (error) => {
        const refusal = refusalOf(error);
        if (refusal) {
          onAlert(refusal);
          return;
        }
        setValue('code', '');
        setError('code', { type: 'server', message: failureMessage(error) }, { shouldFocus: true });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-4"
      aria-labelledby="two-factor-title"
    >
      <div className="grid gap-1.5">
        <h2
          id="two-factor-title"
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold focus-visible:outline-none"
        >
          <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
          Two-factor authentication
        </h2>
        <p className="text-sm text-muted-foreground">
          Enter the 6-digit code from your authenticator app, or one of your backup codes.
        </p>
      </div>
      <Field label="Authentication code" required error={errors.code}>
        <Input
          autoComplete="one-time-code"
          required
          spellCheck={false}
          className="font-mono tracking-widest"
          {...field('code')}
        />
      </Field>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={verify.isPending || reloading}
        loadingText="Verifying..."
      >
        <KeyRound aria-hidden="true" />
        Verify
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={onBack}
        disabled={verify.isPending || reloading}
      >
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </form>
  );
}
