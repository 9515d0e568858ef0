import { KeyRound } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { linkButton } from '@/components/layout/link-styles';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { PageTitle } from '@/features/site';

/** /reset-password?token=… from the reset e-mail. Opening the page consumes nothing. */
function Screen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Page className="max-w-md">
      <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
        <div className="mb-5 flex items-center gap-3">
          <KeyRound className="size-8 text-brand-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-brand-900">Choose a New Password</h1>
        </div>
        {token ? (
          <>
            <p className="mb-4 text-sm text-gray-700">
              Setting a new password signs you out on every device. Sign in again afterwards.
            </p>
            <ResetPasswordForm token={token} />
          </>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-gray-700">
              This password reset link is invalid. Ask for a new one from the sign-in dialog.
            </p>
            <Link to="/" className={linkButton.primary}>
              Return Home
            </Link>
          </div>
        )}
      </div>
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Choose a New Password" />
      <Screen />
    </>
  );
}
