import { DATA_EXPORT_TEXT, type DataExportView } from '@domain/data-exports';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useLatestDataExport, useRequestDataExport } from '../api/data-export';

const STATE_TEXT: Record<DataExportView['state'], string> = {
  queued: DATA_EXPORT_TEXT.queued,
  building: DATA_EXPORT_TEXT.queued,
  ready: DATA_EXPORT_TEXT.ready,
  downloaded: DATA_EXPORT_TEXT.downloaded,
  expired: DATA_EXPORT_TEXT.expired,
  failed: DATA_EXPORT_TEXT.failed,
};

/** "Download all our data" (docs/product/accounts.md#download-all-our-data): the owner asks; the link comes by e-mail. */
export function DataExportCard() {
  const latest = useLatestDataExport();
  const request = useRequestDataExport();
  const notOwner = latest.error instanceof ApiError && latest.error.status === 403;
  const current = latest.data?.export ?? null;
  const inProgress = current?.state === 'queued' || current?.state === 'building';
  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success(DATA_EXPORT_TEXT.queued),
      onError: (err) =>
        toast.error(
          err instanceof ApiError && err.status < 500 && err.status !== 0
            ? err.message
            : 'An error occurred. Please try again.',
        ),
    });
  return (
    <Card data-testid="data-export-card">
      <CardHeader>
        <CardTitle>{DATA_EXPORT_TEXT.title}</CardTitle>
        <CardDescription>{DATA_EXPORT_TEXT.intro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {latest.isLoading ? (
          <Skeleton className="h-11 w-48" />
        ) : notOwner ? (
          <p className="text-sm text-gray-700">{DATA_EXPORT_TEXT.notOwner}</p>
        ) : latest.isError ? (
          <ErrorState message="Failed to load your data download" onRetry={() => latest.refetch()} />
        ) : (
          <>
            {current && (
              <p className="text-sm text-gray-700" role="status">
                {STATE_TEXT[current.state]}
              </p>
            )}
            <Button className="self-start" disabled={request.isPending || inProgress} onClick={ask}>
              {request.isPending ? DATA_EXPORT_TEXT.requesting : DATA_EXPORT_TEXT.request}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
