import { Navigate } from 'react-router';
import { LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { InspectionQueue } from '@/features/inspections';

/** /inspect: inspectors' (and admins') list of tractors to inspect. */
export function Component() {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!user || (user.status !== 'inspector' && user.status !== 'admin')) return <Navigate to="/" replace />;
  return <InspectionQueue isAdmin={user.status === 'admin'} />;
}
