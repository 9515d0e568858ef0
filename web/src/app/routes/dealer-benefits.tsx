import { DealerBenefitsPage } from '@/features/marketing/components/dealer-benefits-page';

export function Component() {
  return <DealerBenefitsPage />;
}
