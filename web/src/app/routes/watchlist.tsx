import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { PageTitle } from '@/features/site';
import { WatchlistPage } from '@/features/watchlist/components/watchlist-page';

function Screen() {
  return (
    <>
      <WatchlistPage />
      <SignInPrompt />
    </>
  );
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Watchlist" />
      <Screen />
    </>
  );
}
