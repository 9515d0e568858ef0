import { useParams } from 'react-router';
import { FarmerOfferPage } from '@/features/inquiries/components/farmer-offer-page';

/** docs/product/selling.md#the-farmers-page (/farmer-offer/:token): no account needed. */
export function Component() {
  const { token = '' } = useParams();
  return <FarmerOfferPage token={token} />;
}
