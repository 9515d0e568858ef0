import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth/api/session';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { PageTitle } from '@/features/site';

function Screen() {
  const { isAdmin, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (isAdmin) return <Navigate to="/admin" replace />;
  return (
    <Page className="max-w-md">
      <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
        <div className="mb-5 flex items-center gap-3">
          <ShieldCheck className="size-8 text-brand-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-brand-900">Admin Sign In</h1>
        </div>
        <AdminLoginForm />
        <p className="mt-5 text-sm text-gray-700">
          Dealers: use the regular Sign In button in the header; this page is for administrators only.
        </p>
        <Link
          to="/"
          className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to main site
        </Link>
      </div>
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Admin Sign In" />
      <Screen />
    </>
  );
}
