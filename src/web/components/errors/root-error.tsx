import { RefreshCw } from 'lucide-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../ui/button';
import { ErrorScreen, errorMessage } from './error-screen';

/**
 * SPEC §2 "Root route error": the back office root route's errorComponent, and what a public page
 * shows when it fails to draw (public-app.tsx).
 */
export function RootRouteError({ error }: { error: unknown }) {
  useDocumentTitle('Error');
  return (
    <main id="main-content">
      <ErrorScreen
        title="Something went wrong with the application."
        description="An unexpected error stopped this page from loading. Reloading usually fixes it."
        detail={errorMessage(error)}
        actions={
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload Application
          </Button>
        }
      />
    </main>
  );
}
