import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PageTitle } from '@/features/site';
import { WantMatchesPage } from '@/features/want-lists/components/matches-page';

function Screen() {
  return (
    <>
      <WantMatchesPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Farmers' tractors for you" />
      <Screen />
    </>
  );
}
