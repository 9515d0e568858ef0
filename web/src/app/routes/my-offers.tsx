import { MyOffersPage } from '@/features/offers/components/my-offers-page';

export function Component() {
  return <MyOffersPage />;
}
