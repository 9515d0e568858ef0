import { type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoading } from './page-loading';

/**
 * The page frame. `header` and `footer` come from app/layout (they read the session and the site settings,
 * which a shared component may not import). `loading`: the shell shown while the first page's lazy chunk
 * loads (the router's HydrateFallback), so the header and footer stay put and React Router has a fallback.
 */
export function AppLayout({
  header,
  footer,
  loading = false,
}: {
  header: ReactNode;
  footer: ReactNode;
  loading?: boolean;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      {header}
      {/* At least a screen tall: the footer starts below the fold, so it does not jump when a page's content
          replaces its loading state (CLS, decision 0020). */}
      <main id="main" className="min-h-dvh flex-1">
        {loading ? (
          <PageLoading />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      {footer}
      {!loading && <ScrollRestoration />}
    </div>
  );
}

/** A page body with the standard width and padding. */
export function Page({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 py-8 ${className}`}>{children}</div>;
}

/** Until a feature lands, its route shows this. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Page>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">This page is being built.</p>
    </Page>
  );
}
