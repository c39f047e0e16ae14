import { createFileRoute } from '@tanstack/react-router';

/**
 * Test-only page: it throws while rendering so end-to-end tests can see the root route's error
 * screen (SPEC §2 "Root route error"). Harmless in production: it only shows that screen.
 */
export const Route = createFileRoute('/__error-test')({
  // Let the error reach the root route's errorComponent instead of a route-level one.
  errorComponent: undefined,
  component: ErrorTestPage,
});

function ErrorTestPage(): never {
  throw new Error('Deliberate error for testing the error screen.');
}
