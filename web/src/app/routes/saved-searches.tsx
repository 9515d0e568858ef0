import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { SavedSearchesPage } from '@/features/saved-searches/components/saved-searches-page';

export function Component() {
  return (
    <>
      <SavedSearchesPage />
      <SignInPrompt />
    </>
  );
}
