import { AS_IS_TITLE, type QueueItem } from '@domain/inspection-api';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format';
import { useInspectionQueue, useMarkAsIs } from '../api/inspections';
import { GradeBadge } from './grade-badge';
import { InspectorAccounts } from './inspector-accounts';

function AsIsDialog({ item, onClose }: { item: QueueItem; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mark = useMarkAsIs(item.id);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{AS_IS_TITLE}</DialogTitle>
          <DialogDescription>
            {item.year} {item.make} {item.model} goes live without a condition report. Every dealer screen
            shows "{AS_IS_TITLE}" and your reason.
          </DialogDescription>
        </DialogHeader>
        <label htmlFor="as-is-reason" className="text-sm font-semibold">
          Reason
        </label>
        <Textarea
          id="as-is-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error && <p className="text-sm font-semibold text-red-700">{error}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={mark.isPending}
            onClick={() =>
              mark.mutate(reason, {
                onSuccess: () => {
                  toast.success(`Marked "${AS_IS_TITLE}"`);
                  onClose();
                },
                onError: (err) => setError(serverFieldErrors(err)?.reason ?? err.message),
              })
            }
          >
            Mark as-is
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The inspectors' list: every tractor not sold, with its draft's progress and its report's grade. */
export function InspectionQueue({ isAdmin }: { isAdmin: boolean }) {
  const query = useInspectionQueue();
  const [asIs, setAsIs] = useState<QueueItem | null>(null);
  if (query.isPending) return <LoadingState text="Loading tractors..." />;
  if (query.isError) return <ErrorState message="Failed to load tractors" onRetry={() => query.refetch()} />;
  const items = query.data.items;
  const waiting = items.filter((i) => i.grade === null && !i.asIsReason);
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-6">
      <div>
        <h1 className="text-3xl font-extrabold">Inspections</h1>
        <p className="text-muted-foreground">
          {waiting.length} {waiting.length === 1 ? 'tractor waits' : 'tractors wait'} for a condition report.
        </p>
      </div>
      {isAdmin && <InspectorAccounts />}
      {items.length === 0 ? (
        <EmptyState
          icon={<ClipboardList className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No tractors to inspect"
          description="New listings appear here."
        />
      ) : (
        <ul className="space-y-3">
          {items.map((i) => (
            <li key={i.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0 space-y-1">
                  <p className="font-bold">
                    {i.year} {i.make} {i.model}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {i.location} · {i.status === 'active' ? 'Live' : 'Not live'}
                  </p>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <GradeBadge grade={i.grade} />
                    {i.publishedAt && <span>Published {formatLongDate(i.publishedAt)}</span>}
                    {i.asIsReason && <span className="font-semibold text-orange-900">{AS_IS_TITLE}</span>}
                    <span className="tabular-nums">
                      Draft: {i.rated} of {i.total}
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  {isAdmin && i.grade === null && !i.asIsReason && (
                    <Button variant="outline" onClick={() => setAsIs(i)}>
                      Sold as-is...
                    </Button>
                  )}
                  <Button size="lg" asChild>
                    <Link to={`/inspect/${i.id}`} aria-label={`Inspect ${i.year} ${i.make} ${i.model}`}>
                      {i.grade === null ? (i.rated ? 'Continue' : 'Inspect') : 'Edit report'}
                    </Link>
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {asIs && <AsIsDialog item={asIs} onClose={() => setAsIs(null)} />}
    </div>
  );
}
