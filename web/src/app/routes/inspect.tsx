import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { InspectionQueue, useInspectorApp, whenWorkerControls } from '@/features/inspections';
import { PageTitle } from '@/features/site';

/** /inspect: inspectors' (and admins') list of tractors to inspect. */
function Screen() {
  const { user, isLoading } = useSession();
  // The installable, offline inspector app: its worker, manifest and photo queue (decision 0086).
  useInspectorApp(user && (user.status === 'inspector' || user.status === 'admin') ? user.id : null);
  // The form's scripts are fetched through the worker, so a tractor opens from here without signal.
  useEffect(() => {
    void whenWorkerControls().then(() => import('./inspect-listing'));
  }, []);
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user || (user.status !== 'inspector' && user.status !== 'admin')) return <Navigate to="/" replace />;
  return <InspectionQueue isAdmin={user.status === 'admin'} />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Inspections" />
      <Screen />
    </>
  );
}
