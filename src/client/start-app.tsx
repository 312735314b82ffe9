import '#client/lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from '#client/app/app.tsx';
import { isLazyPage, loadCurrentPage } from '#client/app/router.tsx';
import { recordConsent } from '#client/lib/consent.ts';
import { queryClient } from '#client/lib/query-client.ts';
import { PAGE_STATE_ID } from '#shared/lib/page-render.ts';

recordConsent(localStorage);
// A 401 on a signed-in page means the session ended elsewhere: sign in again, with a message.
// Loaded on the side, like the API client it listens to, so the first page stays small.
void import('#client/features/accounts/watch-session-end.ts').then(({ watchSessionEnd }) =>
  watchSessionEnd(queryClient),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// What the server fetched to render this page (search results), so the first render matches it.
const state = document.getElementById(PAGE_STATE_ID)?.textContent;
if (state) hydrate(queryClient, JSON.parse(state));

/** Ends the current task, so the browser can handle input before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Evaluating a lazy page's code is the longest piece of its load on a phone, so it is cut in
// tasks: the API layer (zod and the schemas, which nearly every lazy page imports) first, then the
// page's own chunk — before the first render, which would otherwise suspend and throw the
// server's markup away. Measured on the results page at 4× (medians of 7 loads): blocking time
// 28–40 ms with the API layer first against 43–59 ms without. The home page has no chunk to wait
// for, and does not wait for the API layer either.
if (isLazyPage(window.location.pathname)) {
  await import('#client/lib/api-client.ts');
  await nextTask();
  await loadCurrentPage(window.location.pathname);
  await nextTask();
}
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A transition lets React hand the main thread back between components while it takes over the
// server's markup (or renders from scratch), instead of one long task that blocks input.
startTransition(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
