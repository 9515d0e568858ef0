import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '@/features/auth/api/session';
import { ApiError } from '@/lib/api';

/**
 * A query client with the app's defaults. The browser has one (`queryClient`); the server makes one per page it
 * renders (web/src/prerender.tsx), so pages rendered at once never see each other's data (decision 0090).
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx cannot help; retry network trouble and 5xx once.
        retry: (count, err) =>
          count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });

/** The browser's query client. */
export const queryClient = createQueryClient();

// The toast UI is not needed to paint a page, so it loads only once something can raise a toast: a signed-in
// user (live offer updates), any page other than the landing page, or the visitor's first interaction.
// Toasts raised before the chunk arrived sit in sonner's store unseen: replay them once the Toaster listens.
const Toaster = lazy(() =>
  import('sonner').then((m) => ({
    default: function ReplayingToaster(props: React.ComponentProps<typeof m.Toaster>) {
      useEffect(() => {
        // Runs after the child Toaster subscribed; re-creating a toast with its own id publishes it again.
        for (const t of m.toast.getToasts()) {
          if ('title' in t && !('dismiss' in t && t.dismiss)) m.toast(t.title as string, { ...t });
        }
      }, []);
      return <m.Toaster {...props} />;
    },
  })),
);
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

function DeferredToaster() {
  const { user } = useSession();
  // Decided after the first render, so a prerendered page hydrates to the same markup (decision 0020).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (window.location.pathname !== '/') {
      setReady(true);
      return;
    }
    const go = () => setReady(true);
    for (const e of INTERACTIONS) window.addEventListener(e, go, { once: true, passive: true });
    return () => {
      for (const e of INTERACTIONS) window.removeEventListener(e, go);
    };
  }, [ready]);
  return ready || user ? (
    <Suspense fallback={null}>
      {/* Plain (not richColors) toasts: dark text on white passes contrast in daylight and in axe. */}
      <Toaster position="top-center" closeButton />
    </Suspense>
  ) : null;
}

/** `client`: the page's own on the server; the browser's by default. */
export function Providers({
  children,
  client = queryClient,
}: {
  children: React.ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
