import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { WantMatchesPage } from '@/features/want-lists/components/matches-page';

export function Component() {
  return (
    <>
      <WantMatchesPage />
      <SignInPrompt />
    </>
  );
}
