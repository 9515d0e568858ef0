import { PurchasedInventoryPage } from '@/features/offers/components/purchased-inventory-page';

export function Component() {
  return <PurchasedInventoryPage />;
}
