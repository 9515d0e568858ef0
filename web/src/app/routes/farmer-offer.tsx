import { useParams } from 'react-router';
import { FarmerOfferPage } from '@/features/inquiries/components/farmer-offer-page';
import { PageTitle } from '@/features/site';

/** docs/product/selling.md#the-farmers-page (/farmer-offer/:token): no account needed. */
function Screen() {
  const { token = '' } = useParams();
  return <FarmerOfferPage token={token} />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Your offer" />
      <Screen />
    </>
  );
}
