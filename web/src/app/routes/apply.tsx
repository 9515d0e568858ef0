import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { ApplyForm } from '@/features/accounts/components/apply-form';
import { PageTitle } from '@/features/site';

function Screen() {
  return (
    <Page className="max-w-2xl">
      <h1 className="text-3xl font-bold text-brand-900">Apply for a Dealer Account</h1>
      <p className="mt-2 mb-6 text-gray-700">
        FieldLot is a members-only wholesale marketplace. Tell us about your dealership; we reply within 24-48
        hours. Already approved?{' '}
        <Link to="/" className="font-semibold text-brand-700 underline">
          Sign in from the header
        </Link>
        .
      </p>
      <ApplyForm />
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Apply for a Dealer Account" />
      <Screen />
    </>
  );
}
