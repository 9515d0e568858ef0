import { PurchasedInventoryPage } from '@/features/purchases/components/purchased-inventory-page';

export function Component() {
  return <PurchasedInventoryPage />;
}
