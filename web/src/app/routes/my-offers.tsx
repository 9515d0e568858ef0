import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MyOffersPage } from '@/features/offers/components/my-offers-page';
import { PageTitle } from '@/features/site';

function Screen() {
  return (
    <>
      <MyOffersPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="My Offers" />
      <Screen />
    </>
  );
}
