import { useSearchParams } from 'react-router';
import { LinkSignIn } from '@/features/auth/components/link-sign-in';
import { PageTitle } from '@/features/site';

/** /auth-redirect?token&email&listing: the dialog's "Email me a sign-in link". */
function Screen() {
  const [params] = useSearchParams();
  return (
    <LinkSignIn
      token={params.get('token')}
      email={params.get('email')}
      texts={{
        missing: 'Invalid authentication link',
        badEmail: 'Invalid email in authentication link',
        success: 'Successfully authenticated!',
        failed: (err) => err.message || 'Authentication failed',
        error: 'Authentication error occurred',
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
