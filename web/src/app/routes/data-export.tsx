import { DataExportPage } from '@/features/accounts/components/data-export-page';
import { PageTitle } from '@/features/site';

/** /data-export?token=… from the "Your data is ready" e-mail. Opening the page consumes nothing. */
function Screen() {
  return <DataExportPage />;
}

/** The page, titled for the browser's tab (docs/accessibility.md, 2.4.2). */
export function Component() {
  return (
    <>
      <PageTitle title="Download all our data" />
      <Screen />
    </>
  );
}
