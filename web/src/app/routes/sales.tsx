import { SalesPage } from '@/features/sales/components/sales-page';
import { PageTitle } from '@/features/site';

function Screen() {
  return <SalesPage />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Timed Sales" />
      <Screen />
    </>
  );
}
