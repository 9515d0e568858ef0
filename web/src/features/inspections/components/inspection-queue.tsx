import { AS_IS_TITLE, type QueueItem } from '@domain/inspection-api';
import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
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
import { toast } from '@/lib/toast';
import { useInspectionQueue, useMarkAsIs } from '../api/inspections';
import { keepForOffline } from '../offline/inspector-app';
import { GradeBadge } from './grade-badge';
import { InspectorAccounts } from './inspector-accounts';
import { StorageWarning } from './storage-warning';

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

/** Each tractor in exactly one state; the list opens on the tractors no one has started. */
const QUEUE_STATES = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'as-is', label: AS_IS_TITLE },
] as const;
type QueueState = (typeof QUEUE_STATES)[number]['value'];

export function queueStateOf(i: QueueItem): QueueState {
  if (i.asIsReason) return 'as-is';
  if (i.grade !== null) return 'published';
  return i.rated > 0 ? 'draft' : 'waiting';
}

/**
 * docs/product/condition-reports.md#inspections-list: every tractor not sold, filtered by state (Waiting by
 * default, the filter in the address so Back keeps it), with its draft's progress or its report's grade.
 */
export function InspectionQueue({ isAdmin }: { isAdmin: boolean }) {
  const query = useInspectionQueue();
  const [asIs, setAsIs] = useState<QueueItem | null>(null);
  const [params, setParams] = useSearchParams();
  // The drafts of the tractors still to report are kept in the phone: the inspector opens them without signal.
  const toKeep = (query.data?.items ?? [])
    .filter((i) => i.grade === null && !i.asIsReason)
    .slice(0, 25)
    .map((i) => `/api/inspections/${i.id}`)
    .join(' ');
  useEffect(() => {
    if (toKeep) void keepForOffline(toKeep.split(' '));
  }, [toKeep]);
  if (query.isPending) return <LoadingState text="Loading tractors..." />;
  if (query.isError) return <ErrorState message="Failed to load tractors" onRetry={() => query.refetch()} />;
  const all = query.data.items;
  const counts = Object.fromEntries(QUEUE_STATES.map((s) => [s.value, 0])) as Record<QueueState, number>;
  for (const i of all) counts[queueStateOf(i)]++;
  const asked = params.get('state');
  const state: QueueState = QUEUE_STATES.some((s) => s.value === asked) ? (asked as QueueState) : 'waiting';
  // Waiting is always offered (it is the default); other states only when some tractor is in them.
  const offered = QUEUE_STATES.filter(
    (s) => s.value === 'waiting' || s.value === state || counts[s.value] > 0,
  );
  const items = all.filter((i) => queueStateOf(i) === state);
  const toReport = counts.waiting + counts.draft;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-6">
      <div>
        <h1 className="text-3xl font-extrabold">Inspections</h1>
        <p className="text-muted-foreground">
          {toReport} {toReport === 1 ? 'tractor waits' : 'tractors wait'} for a condition report.
        </p>
      </div>
      <StorageWarning />
      {isAdmin && <InspectorAccounts />}
      <fieldset>
        <legend className="sr-only">Show tractors</legend>
        <div className="flex flex-wrap gap-2" data-testid="queue-filter">
          {offered.map((s) => (
            <Button
              key={s.value}
              variant={s.value === state ? 'default' : 'outline'}
              aria-pressed={s.value === state}
              onClick={() =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (s.value === 'waiting') next.delete('state');
                    else next.set('state', s.value);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {s.label} ({counts[s.value]})
            </Button>
          ))}
        </div>
      </fieldset>
      {items.length === 0 ? (
        <EmptyState
          icon={<ClipboardList className="size-10 text-muted-foreground" aria-hidden="true" />}
          title={state === 'waiting' ? 'No tractors waiting' : 'No tractors here'}
          description="New listings appear under Waiting."
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
                    {i.grade !== null && <span className="font-semibold">Published</span>}
                    <GradeBadge grade={i.grade} />
                    {i.publishedAt && <span>{formatLongDate(i.publishedAt)}</span>}
                    {i.asIsReason && <span className="font-semibold text-orange-900">{AS_IS_TITLE}</span>}
                    {/* Progress means something only until the report is published. */}
                    {i.grade === null && !i.asIsReason && (
                      <span className="tabular-nums">
                        Draft: {i.rated} of {i.total}
                      </span>
                    )}
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
