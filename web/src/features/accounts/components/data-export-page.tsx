import { DATA_EXPORT_TEXT } from '@domain/data-exports';
import { Download } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { linkButton } from '@/components/layout/link-styles';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useMutation } from '@/lib/use-mutation';
import { downloadDataExport } from '../api/data-export';

/** Hands a Blob to the browser as a download. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * /data-export?token=… from the e-mail (docs/product/accounts.md#download-all-our-data). Opening the page spends
 * nothing: the link's one use is the button's request, so a mail scanner cannot burn it.
 */
export function DataExportPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const download = useMutation({
    mutationFn: () => downloadDataExport(token ?? ''),
    onSuccess: (blob) => saveFile(blob, `fieldlot-data-${new Date().toISOString().slice(0, 10)}.zip`),
  });
  const failed =
    download.isError &&
    (download.error instanceof ApiError && download.error.status < 500 && download.error.status !== 0
      ? DATA_EXPORT_TEXT.linkInvalid
      : 'An error occurred. Please try again.');
  return (
    <Page className="max-w-md">
      <div className="rounded-lg border border-border bg-card p-6 shadow-sm">
        <div className="mb-5 flex items-center gap-3">
          <Download className="size-8 text-brand-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-brand-900">{DATA_EXPORT_TEXT.pageTitle}</h1>
        </div>
        {!token ? (
          <div className="flex flex-col gap-4">
            <p className="text-gray-700">{DATA_EXPORT_TEXT.linkInvalid}</p>
            <Link to="/" className={linkButton.primary}>
              Return Home
            </Link>
          </div>
        ) : download.isSuccess ? (
          <p className="text-gray-700" role="status">
            {DATA_EXPORT_TEXT.done}
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-gray-700">{DATA_EXPORT_TEXT.pageBody}</p>
            {failed && (
              <p className="text-sm text-red-700" role="alert">
                {failed}
              </p>
            )}
            <Button size="lg" disabled={download.isPending} onClick={() => download.mutate()}>
              {download.isPending ? DATA_EXPORT_TEXT.downloading : DATA_EXPORT_TEXT.download}
            </Button>
          </div>
        )}
      </div>
    </Page>
  );
}
