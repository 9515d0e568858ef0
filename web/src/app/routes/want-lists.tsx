import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { WantListsPage } from '@/features/want-lists/components/want-lists-page';

export function Component() {
  return (
    <>
      <WantListsPage />
      <SignInPrompt />
    </>
  );
}
