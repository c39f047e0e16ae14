import { render as renderOver } from 'preact';
import type { ComponentChild } from 'preact';
import { createRoot } from 'react-dom/client';
import { PRERENDERED_CONTAINER_ID } from './lib/prerendered-container';
import { createQueryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { createPublicAppRouter, PublicApp } from './public-app';
import './styles.css';

/*
 * The public pages' entry (public.html; decision 0014, fifth round): the guest's pages with a
 * router of their own and no back-office code. A link to the back office is a full page load.
 */
const queryClient = createQueryClient();

// SPEC §8: global errors and unhandled rejections are logged to the console only.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
});

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from public.html');

/**
 * A public page arrives prerendered (scripts/prerender.mjs) inside a disabled fieldset. Its
 * start-up runs in several tasks, so a phone can paint and answer a tap in between (decision
 * 0014, third round): make the router; load the page's chunk, so the first render shows what the
 * HTML already shows; then render.
 *
 * The render is Preact's own, not the compatibility layer's createRoot, which would empty the
 * fieldset first: it reuses the prerendered elements and sets on each the attributes, text and
 * listeners the live page has, reading what the HTML holds. So whatever the build baked in that
 * differs now (today's date, settings, the address's search parameters, data that arrived early)
 * is corrected in that render. Only then are the controls enabled: nothing typed into the static
 * copy could be lost.
 */
async function startOverPrerendered(fieldset: HTMLFieldSetElement) {
  await yieldToMain();
  const router = createPublicAppRouter(queryClient);
  await router.load();
  await yieldToMain();
  renderOver((<PublicApp router={router} queryClient={queryClient} />) as ComponentChild, fieldset);
  fieldset.disabled = false;
}

async function start(root: HTMLElement) {
  const router = createPublicAppRouter(queryClient);
  await router.load();
  createRoot(root).render(<PublicApp router={router} queryClient={queryClient} />);
}

const prerendered = document.getElementById(PRERENDERED_CONTAINER_ID);
if (prerendered instanceof HTMLFieldSetElement) void startOverPrerendered(prerendered);
else void start(container);
