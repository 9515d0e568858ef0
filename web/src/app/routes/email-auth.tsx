import { useSearchParams } from 'react-router';
import { LinkSignIn } from '@/features/auth/components/link-sign-in';
import { PageTitle } from '@/features/site';

/** /email-auth?email&temp_password&redirect_to: temp_password is a one-time token, never a real password. */
function Screen() {
  const [params] = useSearchParams();
  return (
    <LinkSignIn
      token={params.get('temp_password')}
      email={params.get('email')}
      redirectTo={params.get('redirect_to')}
      texts={{
        missing: 'Invalid authentication link',
        badEmail: 'Invalid authentication link',
        success: 'Successfully logged in!',
        failed: () => 'Failed to authenticate from email link',
        error: 'Authentication error',
      }}
    />
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Sign in from your e-mail" />
      <Screen />
    </>
  );
}
