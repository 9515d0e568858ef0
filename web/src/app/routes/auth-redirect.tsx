import { useSearchParams } from 'react-router';
import { LinkSignIn } from '@/features/auth/components/link-sign-in';

/** /auth-redirect?token&email&listing: the dialog's "Email me a sign-in link". */
export function Component() {
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
