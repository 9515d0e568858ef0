import { Placeholder } from '@/components/layout/app-layout';

/** Approved dealer's home (SPEC.md "Inventory dashboard"). Placeholder until the listings feature lands. */
export function InventoryDashboard() {
  return <Placeholder title="Wholesale tractors available now" />;
}
