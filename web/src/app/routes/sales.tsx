import { SalesPage } from '@/features/sales/components/sales-page';

export function Component() {
  return <SalesPage />;
}
