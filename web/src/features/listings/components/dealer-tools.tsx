import { BookmarkPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import type { ListingFilters } from '../api/listings';

// Dealer tools (docs/product/dealer-tools.md) come from the watchlist and saved-searches features on demand:
// the inventory and the tractor page render first, and the app's entry chunk does not list their code among
// these pages' preloads.
const LazyWatchButton = lazy(() => import('@/features/watchlist').then((m) => ({ default: m.WatchButton })));
const LazyViewRecorder = lazy(() =>
  import('@/features/watchlist').then((m) => ({ default: m.ViewRecorder })),
);
const LazyRecentlyViewed = lazy(() =>
  import('@/features/watchlist').then((m) => ({ default: m.RecentlyViewed })),
);
const LazySaveSearch = lazy(() =>
  import('@/features/saved-searches').then((m) => ({ default: m.SaveSearchDialog })),
);

/** The heart; the same size while it loads, so the card does not move. */
export function Heart(props: {
  listingId: string;
  tractor: string;
  className?: string;
  withLabel?: boolean;
}) {
  return (
    <Suspense fallback={<span className={`inline-block size-11 shrink-0 ${props.className ?? ''}`} />}>
      <LazyWatchButton {...props} />
    </Suspense>
  );
}

export function RecordView(props: { listingId: string; live: boolean }) {
  return (
    <Suspense fallback={null}>
      <LazyViewRecorder {...props} />
    </Suspense>
  );
}

export function RecentlyViewedRow() {
  return (
    <Suspense fallback={null}>
      <LazyRecentlyViewed />
    </Suspense>
  );
}

/** "Save this search"; an invisible button of the same size holds its place while it loads (no layout shift). */
export function SaveSearch({ filters }: { filters: ListingFilters }) {
  return (
    <Suspense
      fallback={
        <Button variant="outline" className="invisible" tabIndex={-1} aria-hidden="true">
          <BookmarkPlus aria-hidden="true" />
          Save this search
        </Button>
      }
    >
      <LazySaveSearch filters={filters} />
    </Suspense>
  );
}
