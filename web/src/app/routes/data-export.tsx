import { DataExportPage } from '@/features/accounts/components/data-export-page';

/** /data-export?token=… from the "Your data is ready" e-mail. Opening the page consumes nothing. */
export function Component() {
  return <DataExportPage />;
}
