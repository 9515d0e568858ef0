import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/states';
import { useResetSession, useSession } from '@/features/auth';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';
import { AdminDashboard } from './admin-dashboard';

/**
 * /admin: admins get the panel. docs/product/admin.md#access: a signed-in non-admin who lands here gets an error and is signed
 * out; visitors see the access-denied state with the way to the admin sign-in.
 */
export function AdminAccess() {
  const { user, isLoading } = useSession();
  const resetSession = useResetSession();
  const signedOut = useRef(false);
  const denied = !isLoading && user !== null && user.status !== 'admin';

  useEffect(() => {
    if (!denied || signedOut.current) return;
    signedOut.current = true;
    toast.error('Access denied. Admin privileges required.');
    api
      .POST('/api/auth/sign-out')
      .catch(() => {})
      .finally(() => resetSession());
  }, [denied, resetSession]);

  if (isLoading) return <LoadingState text="Loading..." />;
  if (user?.status === 'admin') return <AdminDashboard />;
  return <AccessDenied />;
}

export function AccessDenied() {
  return (
    <Page>
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Access Denied</h1>
        <p className="text-muted-foreground">You don't have admin privileges.</p>
        <Link to="/admin-login" className="font-semibold text-brand-700 underline underline-offset-4">
          Sign in as an administrator
        </Link>
      </Card>
    </Page>
  );
}
