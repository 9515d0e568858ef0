import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { WatchlistPage } from '@/features/watchlist/components/watchlist-page';

export function Component() {
  return (
    <>
      <WatchlistPage />
      <SignInPrompt />
    </>
  );
}
