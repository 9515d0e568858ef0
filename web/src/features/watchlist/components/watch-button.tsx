import { Heart } from 'lucide-react';
import { useSession } from '@/features/auth';
import { cn } from '@/lib/utils';
import { useToggleWatch, useWatchedIds } from '../api/watchlist';

/**
 * docs/product/dealer-tools.md#watchlist: the heart on a card and on the tractor page, for approved dealers.
 * A toggle button (aria-pressed) named after the tractor; Enter and Space work as on any button.
 */
export function WatchButton({
  listingId,
  tractor,
  className,
  withLabel,
}: {
  listingId: string;
  tractor: string;
  className?: string;
  withLabel?: boolean;
}) {
  const { isApproved } = useSession();
  const ids = useWatchedIds(isApproved);
  const toggle = useToggleWatch();
  if (!isApproved) return null;
  const watching = ids.data?.has(listingId) ?? false;
  return (
    <button
      type="button"
      aria-pressed={watching}
      aria-label={`Watch ${tractor}`}
      title={watching ? `Watching ${tractor}` : `Watch ${tractor}`}
      disabled={ids.isPending}
      onClick={() => toggle.mutate({ listingId, watch: !watching })}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border border-border bg-card px-2.5 text-sm font-semibold text-gray-800 shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60',
        className,
      )}
    >
      <Heart
        className={cn('size-5', watching ? 'fill-red-600 text-red-600' : 'text-gray-700')}
        aria-hidden="true"
      />
      {withLabel && <span>{watching ? 'Watching' : 'Watch'}</span>}
    </button>
  );
}
