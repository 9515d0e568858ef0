import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MarketIndexPage } from '@/features/market/components/market-pages';

export function Component() {
  return (
    <>
      <MarketIndexPage />
      <SignInPrompt />
    </>
  );
}
