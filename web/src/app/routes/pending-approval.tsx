import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { linkButton } from '@/components/layout/link-styles';
import { useSession } from '@/features/auth/api/session';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { PageTitle } from '@/features/site';

/** docs/product/accounts.md#pending-approval: the application is pending; Sign Out (for a signed-in user) and Back to Home. */
function Screen() {
  const { user } = useSession();
  return (
    <Page className="max-w-xl">
      <div className="flex flex-col items-center gap-4 rounded-lg border border-border bg-card p-8 text-center shadow-sm">
        <Clock className="size-12 text-gold-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-brand-900">Application Pending Approval</h1>
        <p className="text-gray-700">
          Thank you for applying. Your dealer application has been submitted and is pending approval by our
          team. We review applications within 24-48 hours and will e-mail you as soon as a decision is made.
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {user && <SignOutButton />}
          <Link to="/" className={linkButton.primary}>
            Back to Home
          </Link>
        </div>
      </div>
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Application Pending Approval" />
      <Screen />
    </>
  );
}
