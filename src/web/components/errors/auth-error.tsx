import { LogOut, RotateCcw, ShieldAlert } from 'lucide-react';
import { Button } from '../ui/button';
import { ErrorScreen } from './error-screen';

export interface AuthErrorProps {
  onRetry: () => void;
  onSignOut: () => void;
  /** What went wrong, when known ("Session refresh failed"). */
  message?: string;
  /** Disables Sign Out while it runs. */
  signingOut?: boolean;
}

/** SPEC §2 "Authentication-error screen". */
export function AuthError({ onRetry, onSignOut, message, signingOut = false }: AuthErrorProps) {
  return (
    <main>
      <ErrorScreen
        icon={ShieldAlert}
        title="Authentication Error"
        description="We couldn't verify your session. Try again, or sign out and sign in again."
        detail={message}
        actions={
          <>
            <Button onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
            <Button variant="outline" onClick={onSignOut} loading={signingOut}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </>
        }
      />
    </main>
  );
}
