import { AlertTriangle } from 'lucide-react';
import { useStorageWarning } from '../offline/inspector-app';

/** The inspector app's "Storage nearly full" line (docs/product/condition-reports.md#offline), or nothing. */
export function StorageWarning() {
  const text = useStorageWarning();
  if (!text) return null;
  return (
    <p
      role="status"
      data-testid="storage-warning"
      className="flex items-start gap-2 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm font-semibold text-orange-900"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
