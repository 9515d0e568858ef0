import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { linkButton } from '@/components/layout/link-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useMyAccount } from '@/features/accounts/api/accounts';
import { BrandPreferencesCard } from '@/features/accounts/components/brand-preferences-card';
import { DataExportCard } from '@/features/accounts/components/data-export-card';
import { NotificationsCard } from '@/features/accounts/components/notifications-card';
import { PersonalInfoCard } from '@/features/accounts/components/personal-info-card';
import { useSession } from '@/features/auth/api/session';
import { DeliveryAddressCard } from '@/features/purchases';
import { PageTitle } from '@/features/site';

function Screen() {
  const { user, isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user) {
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-2xl font-bold text-brand-900">Access Denied</h1>
        <p className="mt-2 text-gray-700">Please sign in as an approved dealer to see your account.</p>
        <Link to="/" className={`${linkButton.primary} mt-6`}>
          Return Home
        </Link>
      </Page>
    );
  }
  if (!isApproved) return <Navigate to="/" replace />;
  return <MyAccountPage />;
}

function MyAccountPage() {
  const account = useMyAccount();
  return (
    <Page className="max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">My Account</h1>
      {account.isLoading ? (
        <Skeleton className="h-72 w-full" />
      ) : account.isError || !account.data ? (
        <ErrorState message="Failed to load user information" onRetry={() => account.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <PersonalInfoCard account={account.data} />
          <Suspense fallback={<Skeleton className="h-56 w-full" />}>
            <DeliveryAddressCard />
          </Suspense>
          <BrandPreferencesCard />
          <NotificationsCard account={account.data} />
          <DataExportCard />
        </div>
      )}
    </Page>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="My Account" />
      <Screen />
    </>
  );
}
