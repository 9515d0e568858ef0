import { useParams } from 'react-router';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MarketFamilyPage } from '@/features/market/components/market-pages';

export function Component() {
  const { make = '', family = '' } = useParams();
  return (
    <>
      <MarketFamilyPage key={`${make}/${family}`} make={make} family={family} />
      <SignInPrompt />
    </>
  );
}
