import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';

/** SPEC.md: "Oops! Page not found" and a link home (the server logs the bad path). */
export function Component() {
  return (
    <Page className="py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-primary px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </Page>
  );
}
