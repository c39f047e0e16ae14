// The build's prerender entry (scripts/prerender.mjs builds it with Vite for Node and calls
// prerenderPage for each public page). It renders the public entry's own pages (public-app.tsx),
// as the browser would show them before any API answer: data still loading, settings at their
// defaults.
import { renderToString } from 'react-dom/server';
import { createQueryClient } from './lib/query-client';
import { PRERENDERED_CONTAINER_ID } from './lib/prerendered-container';
import { prerenderHead } from './lib/prerender-head';
import { createPublicAppRouter, PublicApp } from './public-app';

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title?: string;
  description?: string;
}

// No API at build time: every request stays pending, so each page renders its loading state
// (a failed request would render the error state and start retries).
globalThis.fetch = () => new Promise<Response>(() => undefined);

export async function prerenderPage(url: string): Promise<PrerenderedPage> {
  delete prerenderHead.title;
  delete prerenderHead.description;
  const queryClient = createQueryClient();
  const router = createPublicAppRouter(queryClient, url);
  await router.load();
  // The form controls stay disabled until the script has rendered the live page into this
  // fieldset (public-main.tsx): what a guest typed into the static copy would not be in the live
  // page's state. Links still work. `contents` keeps the wrapper out of the layout; the live page
  // keeps the fieldset as its container.
  const html = renderToString(
    <fieldset id={PRERENDERED_CONTAINER_ID} disabled className="contents">
      <PublicApp router={router} queryClient={queryClient} />
    </fieldset>,
  );
  queryClient.clear();
  return { html, ...prerenderHead };
}
