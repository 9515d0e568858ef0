import { Page } from '@/components/layout/app-layout';
import { InventoryBrowser } from './inventory-browser';

/** Approved dealer's home (docs/product/listings.md#inventory-dashboard); also the admin's preview of it. */
export function InventoryDashboard() {
  return (
    <Page className="space-y-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Wholesale tractors available now</h1>
        <p className="mt-1 text-muted-foreground">Dealer prices on inspected, ready-to-ship tractors.</p>
      </div>
      <InventoryBrowser loadingText="Loading tractor inventory..." />
    </Page>
  );
}
