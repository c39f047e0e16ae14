import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { REQUIRED } from '../../../domain/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ComponentError } from '../../components/errors/component-error';
import { errorMessage } from '../../components/errors/error-screen';
import { applyServerIssues } from '../../lib/form-errors';
import { useDisableTwoFactor } from './disable-two-factor';
import type { SessionUser } from './get-session';
import { useSecurity } from './get-security';
import { describeUserAgent, useSessions } from './get-sessions';
import type { ActiveSession } from '../../../domain/schemas/auth.schema';
import { useRevokeSession } from './revoke-session';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

/** SPEC §2 Security: "Last changed: Never" until the password is changed, else "MMM dd, yyyy". */
export function lastChangedText(changedAt: string | null): string {
  return `Last changed: ${changedAt ? formatDate(changedAt, DATE_FORMATS.long) : 'Never'}`;
}

/** DESIGN §3 Security: password date, TOTP two-factor and the active sessions. */
export function SecurityTab({ user }: { user: SessionUser }) {
  return (
    <div className="grid gap-4">
      <PasswordAndTwoFactor user={user} />
      <SessionsCard />
    </div>
  );
}

function PasswordAndTwoFactor({ user }: { user: SessionUser }) {
  const security = useSecurity();
  const [setupOpen, setSetupOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);

  if (security.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="grid gap-3 pt-5 sm:pt-6">
          <span role="status" className="sr-only">
            Loading security settings...
          </span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-10 w-48" />
        </CardContent>
      </Card>
    );
  }
  if (security.isError) {
    return (
      <ComponentError
        description={`We couldn't load your security settings. ${errorMessage(security.error)}`}
        onRetry={() => void security.refetch()}
      />
    );
  }
  const { password_changed_at, two_factor_enabled } = security.data;
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            Password
          </CardTitle>
          <CardDescription>{lastChangedText(password_changed_at)}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to="/settings" search={{ tab: 'profile' }}>
              Change Password
            </Link>
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            Two-factor authentication
            <Badge
              variant={two_factor_enabled ? 'default' : 'outline'}
              data-testid="two-factor-status"
            >
              {two_factor_enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </CardTitle>
          <CardDescription>
            {two_factor_enabled
              ? 'Signing in asks for a code from your authenticator app after your password.'
              : 'Add a second step to signing in: a 6-digit code from an authenticator app on your phone.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {two_factor_enabled ? (
            <Button variant="outline" onClick={() => setDisableOpen(true)}>
              <ShieldOff aria-hidden="true" />
              Disable Two-Factor
            </Button>
          ) : (
            <Button onClick={() => setSetupOpen(true)}>
              <ShieldCheck aria-hidden="true" />
              Set Up Two-Factor
            </Button>
          )}
        </CardContent>
      </Card>

      <TwoFactorSetupDialog open={setupOpen} onOpenChange={setSetupOpen} email={user.email} />
      <DisableTwoFactorDialog open={disableOpen} onOpenChange={setDisableOpen} email={user.email} />
    </>
  );
}

const disableSchema = z.object({ password: z.string().min(1, REQUIRED) });

function DisableTwoFactorDialog({
  open,
  onOpenChange,
  email,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
}) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.infer<typeof disableSchema>>({
    resolver: zodResolver(disableSchema),
    defaultValues: { password: '' },
  });
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  return (
    <SimpleDialog
      open={open}
      onOpenChange={close}
      title="Disable two-factor authentication?"
      description="Signing in will ask only for your password. Confirm with your password."
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={handleSubmit((values) =>
          disable.mutate(values, {
            onSuccess: () => {
              toast.success('Two-factor authentication is off');
              close(false);
            },
            onError: (error) => {
              if (applyServerIssues(error, setError, ['password']) === 0)
                toast.error(error.message);
            },
          }),
        )}
      >
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <Field label="Password" required error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            loading={disable.isPending}
            loadingText="Disabling..."
          >
            Disable Two-Factor
          </Button>
        </div>
      </form>
    </SimpleDialog>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
          Active sessions
        </CardTitle>
        <CardDescription>
          Browsers signed in to your account. Revoke one you do not recognise or no longer use: it
          is signed out at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <span role="status" className="sr-only">
              Loading sessions...
            </span>
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : sessions.isError ? (
          <ComponentError
            description={`We couldn't load your sessions. ${errorMessage(sessions.error)}`}
            onRetry={() => void sessions.refetch()}
          />
        ) : sessions.data.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            title="No active sessions"
            description="Sessions appear here when you sign in."
          />
        ) : (
          <ul
            className="grid divide-y divide-border rounded-lg border border-border"
            aria-label="Active sessions"
          >
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.user_agent);
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-row"
    >
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {device}
          {session.current ? <Badge>This device</Badge> : null}
        </p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5 text-muted-foreground">
          <dt className="font-medium">IP address</dt>
          <dd className="break-all">{session.ip_address ?? 'Unknown'}</dd>
          <dt className="font-medium">Signed in</dt>
          <dd>{formatDate(session.created_at, DATE_FORMATS.withTime)}</dd>
          <dt className="font-medium">Expires</dt>
          <dd>{formatDate(session.expires_at, DATE_FORMATS.withTime)}</dd>
        </dl>
        {session.user_agent ? (
          <p className="truncate text-xs text-muted-foreground" title={session.user_agent}>
            {session.user_agent}
          </p>
        ) : null}
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          loading={revoke.isPending}
          loadingText="Revoking..."
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success(`Signed out ${device}`),
            })
          }
        >
          <LogOut aria-hidden="true" />
          Revoke<span className="sr-only"> session on {device}</span>
        </Button>
      )}
    </li>
  );
}
