import { LoadingState } from '@/components/ui/states';
import { AccessDenied } from '@/features/admin/components/admin-access';
import { useSession } from '@/features/auth';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { AdminMoneyPage } from '@/features/purchases/components/admin-money-page';
import { PageTitle } from '@/features/site';

/** /admin/money: the admin's money view over a date range (docs/product/purchases.md#the-admins-money-view). */
function Screen() {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (user?.status === 'admin') return <AdminMoneyPage />;
  return (
    <>
      <AccessDenied />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Money" />
      <Screen />
    </>
  );
}
