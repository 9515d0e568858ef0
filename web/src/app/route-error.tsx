import { Link } from 'react-router';

/** Shown when a page fails to load (e.g. a chunk after a deploy) or throws. */
export function RouteError() {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-muted-foreground">An error occurred. Please try again.</p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          className="rounded-md bg-primary px-4 py-2 font-semibold text-white"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to="/" className="rounded-md border border-border px-4 py-2 font-semibold">
          Go home
        </Link>
      </div>
    </div>
  );
}
