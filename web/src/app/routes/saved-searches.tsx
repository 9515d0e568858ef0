import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { SavedSearchesPage } from '@/features/saved-searches/components/saved-searches-page';
import { PageTitle } from '@/features/site';

function Screen() {
  return (
    <>
      <SavedSearchesPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Saved Searches" />
      <Screen />
    </>
  );
}
