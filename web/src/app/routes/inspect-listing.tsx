import { Navigate, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { InspectionForm } from '@/features/inspections';

/** /inspect/:listingId: the inspection form of one tractor (phone first). */
export function Component() {
  const { listingId = '' } = useParams();
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user || (user.status !== 'inspector' && user.status !== 'admin')) return <Navigate to="/" replace />;
  return <InspectionForm key={listingId} listingId={listingId} />;
}
