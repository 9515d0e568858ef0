import { lazy } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/components/layout/page-loading';
import { useSession } from '@/features/auth/api/session';
import { PageTitle } from '@/features/site';

const LandingPage = lazy(() =>
  import('@/features/marketing/components/landing-page').then((m) => ({ default: m.LandingPage })),
);
const AdminDashboard = lazy(() =>
  import('@/features/admin/components/admin-dashboard').then((m) => ({ default: m.AdminDashboard })),
);
const InventoryDashboard = lazy(() =>
  import('@/features/listings/components/inventory-dashboard').then((m) => ({
    default: m.InventoryDashboard,
  })),
);
const ApplicationStatus = lazy(() =>
  import('@/features/accounts/components/application-status').then((m) => ({ default: m.ApplicationStatus })),
);

/** docs/product/public-site.md#landing-page (/): visitors see the landing page; signed-in users the dashboard of their role. */
export function Component() {
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <LandingPage />;
  if (user.status === 'admin')
    return (
      <>
        <PageTitle title="Admin Panel" />
        <AdminDashboard />
      </>
    );
  if (user.status === 'approved')
    return (
      <>
        <PageTitle title="Wholesale tractors available now" />
        <InventoryDashboard />
      </>
    );
  // Inspectors' work is the queue (docs/product/condition-reports.md#inspection-queue).
  if (user.status === 'inspector') return <Navigate to="/inspect" replace />;
  return (
    <>
      <PageTitle title="Your Application" />
      <ApplicationStatus />
    </>
  );
}
