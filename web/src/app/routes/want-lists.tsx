import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PageTitle } from '@/features/site';
import { WantListsPage } from '@/features/want-lists/components/want-lists-page';

function Screen() {
  return (
    <>
      <WantListsPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Want-Lists" />
      <Screen />
    </>
  );
}
