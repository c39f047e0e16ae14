import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app';
import { expireSession } from './features/auth/expire-session';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// SPEC §9: any call answered 401 on a staff page ends the session there and then (one place).
const queryClient = createQueryClient({
  onUnauthorized: () => expireSession(router, queryClient),
});

const router = createAppRouter(queryClient);

// SPEC §8: global errors and unhandled rejections are logged to the console only.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const render = () =>
  createRoot(container).render(<App router={router} queryClient={queryClient} />);

// The public pages arrive prerendered (scripts/prerender.mjs). For those, resolve the route and load
// its lazy chunk before the first render, so that render shows what the HTML already shows (the
// page, its data still loading) rather than a blank pending state: no flash, no layout shift.
// The render replaces the prerendered markup in one go, so nothing the build baked into the HTML
// (today's date in an attribute, generated ids) outlives it. Other pages render at once, as before.
if (container.hasChildNodes()) void router.load().finally(render);
else render();
