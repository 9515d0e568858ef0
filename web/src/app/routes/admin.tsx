import { AdminAccess } from '@/features/admin/components/admin-access';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';

/** docs/product/admin.md (/admin); an admin notice e-mail's link signs a signed-out admin in here. */
export function Component() {
  return (
    <>
      <AdminAccess />
      <SignInPrompt />
    </>
  );
}
