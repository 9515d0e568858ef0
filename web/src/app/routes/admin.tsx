import { AdminAccess } from '@/features/admin/components/admin-access';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PageTitle } from '@/features/site';

/** docs/product/admin.md (/admin); an admin notice e-mail's link signs a signed-out admin in here. */
function Screen() {
  return (
    <>
      <AdminAccess />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Admin Panel" />
      <Screen />
    </>
  );
}
