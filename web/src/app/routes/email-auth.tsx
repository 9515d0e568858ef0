import { useSearchParams } from 'react-router';
import { LinkSignIn } from '@/features/auth/components/link-sign-in';

/** /email-auth?email&temp_password&redirect_to: temp_password is a one-time token, never a real password. */
export function Component() {
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
