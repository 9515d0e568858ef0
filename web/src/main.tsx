import type { PageData } from '@domain/rendered-page';
import { timeZoneCookieName } from '@domain/session-cookies';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { routes } from './app/router';
import { sessionKey, useSession } from './features/auth/api/session';
import { replayEarlyTaps } from './lib/early-taps';
import { setRenderMoment } from './lib/now';
import './index.css';

const root = document.getElementById('root')!;
// Public pages come prerendered for visitors (scripts: web/prerender.tsx, decision 0020): hydrate them. The server
// sends them only to requests without a session cookie, so the page starts as a visitor's (no session
// round trip before the first paint, no swap when it answers; the check still runs in the background).
// A dealer's screens come rendered with the session in their data (decision 0058), which replaces the visitor's.
const prerendered = root.hasAttribute('data-prerendered');

/** Runs once the first render is committed (hydrated): taps made on the rendered page before now happen now. */
function AfterFirstRender() {
  useEffect(() => void replayEarlyTaps(root), []);
  return null;
}

/** The UTC offset of the zone the server wrote this page's dates in, when it rendered it for a reader (0061). */
let renderedZoneOffset: number | undefined;

/**
 * The server renders a signed-in dealer's screens with dates in the reader's time zone, read from a cookie
 * (decision 0058). Written once signed in and the browser idle, and only when the server's zone is not this
 * browser's (travel) or unknown: the first Intl object of a page load costs a phone 100-200 ms (decision 0061).
 */
function RememberTimeZone() {
  const signedIn = useSession().user !== null;
  useEffect(() => {
    if (!signedIn || renderedZoneOffset === new Date().getTimezoneOffset()) return;
    const name = timeZoneCookieName(window.location.protocol === 'https:');
    if (renderedZoneOffset === undefined && document.cookie.split('; ').some((c) => c.startsWith(`${name}=`)))
      return;
    whenIdle(rememberTimeZone);
  }, [signedIn]);
  return null;
}

function rememberTimeZone() {
  const https = window.location.protocol === 'https:';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie, written when signed in; no Cookie Store API in every browser
  document.cookie = `${timeZoneCookieName(https)}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${https ? '; secure' : ''}`;
}
/** A new task: the page's start is cut into short tasks a phone can answer a tap between (decision 0062). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);

async function start() {
  if (prerendered) {
    queryClient.setQueryData(sessionKey, { user: null }, { updatedAt: 0 });
    // A page the server rendered for this request (a tractor page, decision 0024) brings the data it was rendered
    // from; the same data renders the same markup here, and is refetched in the background like any other.
    // A signed-in dealer's screen (decision 0058) was rendered for this very request: its data is fresh.
    const seeded = document.getElementById('fieldlot-page-data');
    const updatedAt = seeded?.hasAttribute('data-fresh') ? Date.now() : 0;
    // Clock-dependent text hydrates at the moment the server rendered it (decision 0060).
    const renderedAt = Number(seeded?.getAttribute('data-rendered-at'));
    if (Number.isSafeInteger(renderedAt) && renderedAt > 0) setRenderMoment(renderedAt);
    const zoneOffset = Number(seeded?.getAttribute('data-zone-offset') ?? Number.NaN);
    if (Number.isSafeInteger(zoneOffset)) renderedZoneOffset = zoneOffset;
    if (seeded?.textContent)
      for (const [key, value] of JSON.parse(seeded.textContent) as PageData)
        queryClient.setQueryData(key, value, { updatedAt });
    await nextTask();
    // The first page's lazy route must be in place before hydrating, or the router would render its fallback.
    for (const match of matchRoutes(routes, window.location) ?? []) {
      const { lazy } = match.route;
      if (typeof lazy === 'function') Object.assign(match.route, await lazy(), { lazy: undefined });
    }
    // What the route's modules queued as they loaded (lib/utils.ts builds the class merger's tables) runs first.
    await nextTask();
  }
  const router = createBrowserRouter(routes);
  await nextTask();
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <RememberTimeZone />
      </Providers>
      <AfterFirstRender />
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser every few milliseconds, so a phone answers a tap
  // during it instead of after one long task (decision 0061); taps on parts not yet hydrated are replayed.
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
void start();
