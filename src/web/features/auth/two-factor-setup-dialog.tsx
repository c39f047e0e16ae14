import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { REQUIRED } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { useConfirmTwoFactor } from './confirm-two-factor';
import { svgDataUrl, totpSecretOf, useEnableTwoFactor } from './enable-two-factor';
import type { TwoFactorSetup } from '../../../domain/schemas/auth.schema';

const passwordSchema = z.object({ password: z.string().min(1, REQUIRED) });
const codeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy the ${what.toLowerCase()}. Please select and copy it yourself.`);
  }
}

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface TwoFactorSetupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}

/**
 * DESIGN §3 Security: TOTP set-up. The password starts it; the QR code (or the secret typed by
 * hand) goes into an authenticator app; the backup codes are shown this once; the first code from
 * the app turns two-factor on.
 */
export function TwoFactorSetupDialog({ open, onOpenChange, email }: TwoFactorSetupDialogProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const close = (next: boolean) => {
    if (!next) setSetup(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        size={setup ? 'lg' : 'md'}
        // The backup codes are shown once: a stray click outside must not throw them away.
        onInteractOutside={(event) => {
          if (setup) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Set up two-factor authentication</DialogTitle>
          <DialogDescription>
            {setup
              ? 'Scan the code with an authenticator app, keep your backup codes, then enter a code to finish.'
              : 'Confirm your password to start.'}
          </DialogDescription>
        </DialogHeader>
        {setup ? (
          <ScanAndConfirm setup={setup} email={email} onDone={() => close(false)} />
        ) : (
          <PasswordStep email={email} onStarted={setSetup} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordStep({
  email,
  onStarted,
  onCancel,
}: {
  email: string;
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.infer<typeof passwordSchema>>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '' },
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit((values) =>
        enable.mutate(values, {
          onSuccess: onStarted,
          onError: (error) => {
            if (applyServerIssues(error, setError, ['password']) === 0) toast.error(error.message);
          },
        }),
      )}
    >
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <Field label="Password" required error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={enable.isPending} loadingText="Starting...">
          Continue
        </Button>
      </div>
    </form>
  );
}

function ScanAndConfirm({
  setup,
  email,
  onDone,
}: {
  setup: TwoFactorSetup;
  email: string;
  onDone: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const secret = totpSecretOf(setup.totp_uri);
  const codesText = setup.backup_codes.join('\n');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  return (
    <div className="grid gap-5">
      <section
        aria-labelledby="two-factor-scan"
        className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:items-start"
      >
        <img
          src={svgDataUrl(setup.qr_svg)}
          alt="QR code to add this account to an authenticator app"
          width={192}
          height={192}
          className="size-48 justify-self-center rounded-lg border border-border bg-white p-2"
        />
        <div className="grid gap-2 text-sm">
          <h3 id="two-factor-scan" className="text-base font-semibold">
            1. Add the account to your app
          </h3>
          <p className="text-muted-foreground">
            Scan the QR code with Google Authenticator, Microsoft Authenticator, 1Password or a
            similar app. Can&apos;t scan? Enter this key by hand:
          </p>
          {secret ? (
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="totp-secret"
                className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
              >
                {secret}
              </code>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void copyText(secret, 'Key')}
              >
                <Copy aria-hidden="true" />
                Copy key
              </Button>
            </div>
          ) : null}
          <details className="text-muted-foreground">
            <summary className="cursor-pointer rounded-sm">Show the set-up link</summary>
            <code data-testid="totp-uri" className="mt-1 block font-mono text-xs break-all">
              {setup.totp_uri}
            </code>
          </details>
        </div>
      </section>

      <section aria-labelledby="two-factor-codes" className="grid gap-2 text-sm">
        <h3 id="two-factor-codes" className="text-base font-semibold">
          2. Keep your backup codes
        </h3>
        <p className="text-muted-foreground">
          Each code signs you in once if you lose your phone. They are shown only now: copy or
          download them and keep them somewhere safe.
        </p>
        <ul
          aria-label="Backup codes"
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg border border-border bg-muted p-3 font-mono text-sm sm:grid-cols-3"
        >
          {setup.backup_codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void copyText(codesText, 'Backup codes')}
          >
            <Copy aria-hidden="true" />
            Copy codes
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              downloadText(`Backup codes for ${email}\n\n${codesText}\n`, 'backup-codes.txt')
            }
          >
            <Download aria-hidden="true" />
            Download codes
          </Button>
        </div>
      </section>

      <form
        noValidate
        aria-labelledby="two-factor-confirm"
        className="grid gap-3"
        onSubmit={handleSubmit(({ code }) =>
          confirm.mutate(
            { code },
            {
              onSuccess: () => {
                toast.success('Two-factor authentication is on');
                onDone();
              },
              onError: (error) => {
                if (applyServerIssues(error, setError, ['code']) === 0) toast.error(error.message);
              },
            },
          ),
        )}
      >
        <h3 id="two-factor-confirm" className="text-base font-semibold">
          3. Enter a code from the app
        </h3>
        <Field label="6-digit code" required error={errors.code?.message} className="sm:max-w-xs">
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            className="font-mono tracking-widest"
            {...register('code')}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={confirm.isPending} loadingText="Verifying...">
            <ShieldCheck aria-hidden="true" />
            Verify and Turn On
          </Button>
        </div>
      </form>
    </div>
  );
}
