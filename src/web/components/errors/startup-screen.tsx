import { Spinner } from '../ui/spinner';

export interface StartupScreenProps {
  /** SPEC §2: a loading message shown while authentication is checked. */
  message?: string;
}

export function StartupScreen({ message = 'Checking your session...' }: StartupScreenProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-4 text-center">
      <Spinner size="lg" className="text-primary" />
      <p role="status" className="text-base font-medium text-muted-foreground">
        {message}
      </p>
    </main>
  );
}
