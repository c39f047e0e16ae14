import { render as renderOver } from 'preact';
import type { ComponentChild } from 'preact';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app';
import { expireSession } from './features/auth/expire-session';
import { PRERENDERED_CONTAINER_ID } from './lib/prerendered-container';
import { createQueryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import './styles.css';

// SPEC §9: any call answered 401 on a staff page ends the session there and then (one place).
const queryClient = createQueryClient({
  onUnauthorized: () => expireSession(router, queryClient),
});

// SPEC §8: global errors and unhandled rejections are logged to the console only.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

let router: ReturnType<typeof createAppRouter>;

/**
 * A public page arrives prerendered (scripts/prerender.mjs) inside a disabled fieldset. Its
 * start-up runs in several tasks, so a phone can paint and answer a tap in between (decision
 * 0014, third round): make the router; resolve the route and load its chunk, so the first render
 * shows what the HTML already shows (the page, its data still loading) rather than a blank
 * pending state; then render.
 *
 * The render is Preact's own, not the compatibility layer's createRoot, which would empty the
 * fieldset first: it reuses the prerendered elements and sets on each the attributes, text and
 * listeners the live page has, reading what the HTML holds. So whatever the build baked in that
 * differs now (today's date, settings, the address's search parameters, data that arrived early)
 * is corrected in that render, at the cost of a new element wherever the two differ in kind. Only
 * then are the controls enabled: nothing typed into the static copy could be lost.
 */
async function startOverPrerendered(fieldset: HTMLFieldSetElement) {
  await yieldToMain();
  router = createAppRouter(queryClient);
  await yieldToMain();
  await router.load();
  await yieldToMain();
  renderOver((<App router={router} queryClient={queryClient} />) as ComponentChild, fieldset);
  fieldset.disabled = false;
}

const prerendered = document.getElementById(PRERENDERED_CONTAINER_ID);
if (prerendered instanceof HTMLFieldSetElement) void startOverPrerendered(prerendered);
else {
  router = createAppRouter(queryClient);
  createRoot(container).render(<App router={router} queryClient={queryClient} />);
}
