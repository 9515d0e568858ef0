import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MarketIndexPage } from '@/features/market/components/market-pages';
import { PageTitle } from '@/features/site';

function Screen() {
  return (
    <>
      <MarketIndexPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Market" />
      <Screen />
    </>
  );
}
