import { PurchasedInventoryPage } from '@/features/purchases/components/purchased-inventory-page';
import { PageTitle } from '@/features/site';

function Screen() {
  return <PurchasedInventoryPage />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Purchased Inventory" />
      <Screen />
    </>
  );
}
