import { useParams } from 'react-router';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { MarketFamilyPage } from '@/features/market/components/market-pages';
import { PageTitle } from '@/features/site';

export function Component() {
  const { make = '', family = '' } = useParams();
  return (
    <>
      <PageTitle title={`${make} ${family} market`} />
      <MarketFamilyPage key={`${make}/${family}`} make={make} family={family} />
      <SignInPrompt />
    </>
  );
}
