import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MyOffersPage } from '@/features/offers/components/my-offers-page';

export function Component() {
  return (
    <>
      <MyOffersPage />
      <SignInPrompt />
    </>
  );
}
