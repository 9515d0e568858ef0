import { RunListPage } from '@/features/sales/components/run-list-page';

export function Component() {
  return <RunListPage />;
}
