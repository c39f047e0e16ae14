import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft, Compass, LayoutDashboard } from 'lucide-react';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../ui/button';
import { ErrorScreen } from './error-screen';

/** SPEC §2 not-found page; the root route's notFoundComponent. */
export function NotFoundPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  useDocumentTitle('Page Not Found');

  return (
    <main id="main-content">
      <ErrorScreen
        icon={Compass}
        tone="neutral"
        title="404 Page Not Found"
        description={
          <>
            <p>The page you are looking for does not exist or has been moved.</p>
            <p className="mt-2">
              {/* The home page is a public page (public.html): a full page load. */}
              <a href="/" className="font-medium text-primary underline underline-offset-4">
                Return to the home page
              </a>
            </p>
          </>
        }
        actions={
          <>
            <Button asChild>
              <Link to={paths.dashboard}>
                <LayoutDashboard aria-hidden="true" />
                Go to Dashboard
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                if (canGoBack) router.history.back();
                else window.location.assign('/');
              }}
            >
              <ArrowLeft aria-hidden="true" />
              Go Back
            </Button>
          </>
        }
      />
    </main>
  );
}
