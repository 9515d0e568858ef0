import { Navigate, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { InspectionForm, useInspectorApp } from '@/features/inspections';
import { PageTitle } from '@/features/site';

/** /inspect/:listingId: the inspection form of one tractor (phone first). */
function Screen() {
  const { listingId = '' } = useParams();
  const { user, isLoading } = useSession();
  // The installable, offline inspector app: its worker, manifest and photo queue (decision 0086).
  useInspectorApp(user && (user.status === 'inspector' || user.status === 'admin') ? user.id : null);
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user || (user.status !== 'inspector' && user.status !== 'admin')) return <Navigate to="/" replace />;
  return <InspectionForm key={`${user.id}:${listingId}`} userId={user.id} listingId={listingId} />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Inspection" />
      <Screen />
    </>
  );
}
