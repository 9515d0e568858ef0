import { WATCH_STATE_LABEL, WATCHLIST_EMPTY, type WatchState, watchAddedByText } from '@domain/dealer-tools';
import { tractorName } from '@domain/listings';
import { Heart, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { HoursNotice, ShownConditionBadge } from '@/features/listings';
import { formatDollars, formatHours } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import '../api/live';
import { useWatchlist } from '../api/watchlist';
import { WatchButton } from './watch-button';

const TONE: Record<WatchState, Tone> = {
  live: 'green',
  price_changed: 'blue',
  sold: 'grey',
  unavailable: 'yellow',
};

/** docs/product/dealer-tools.md#watchlist: the dealership's watched tractors with their state now and who added each. */
export function WatchlistPage() {
  const { isApproved, isLoading } = useSession();
  useLiveEvents(isApproved);
  const query = useWatchlist();
  return (
    <Page className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Watchlist</h1>
      {isLoading || query.isPending ? (
        <LoadingState text="Loading your watchlist..." />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<Heart className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No watched tractors"
          description={WATCHLIST_EMPTY}
          action={
            <Button asChild>
              <Link to="/browse-listings">Browse Listings</Link>
            </Button>
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="Watched tractors">
          {query.data.items.map(({ listing, state, priceAtWatchCents, addedBy }) => {
            const name = tractorName(listing);
            const dropped = state === 'price_changed' && listing.priceCents < priceAtWatchCents;
            return (
              <li
                key={listing.id}
                className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-center"
              >
                {listing.image ? (
                  <img
                    src={listing.image.src}
                    alt=""
                    width={160}
                    height={120}
                    className="aspect-[4/3] w-full rounded-md object-cover sm:w-40"
                    loading="lazy"
                  />
                ) : (
                  <div className="hidden aspect-[4/3] w-40 rounded-md bg-muted sm:block" aria-hidden="true" />
                )}
                <div className="flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-bold">{name}</h2>
                    <ShownConditionBadge grade={listing.grade} condition={listing.condition} />
                    <Badge tone={TONE[state]}>
                      {state === 'price_changed' && dropped ? 'Price dropped' : WATCH_STATE_LABEL[state]}
                    </Badge>
                  </div>
                  <p className="flex items-center gap-1 text-sm text-muted-foreground">
                    <span className="tabular-nums">{formatHours(listing.hours)}</span>
                    <span aria-hidden="true"> · </span>
                    <MapPin className="size-4" aria-hidden="true" />
                    {listing.location}
                  </p>
                  <HoursNotice notice={listing.hoursNotice} />
                  <p className="text-sm">
                    <span className="text-xl font-extrabold tabular-nums text-brand-800">
                      {formatDollars(listing.priceCents)}
                    </span>
                    {state === 'price_changed' && (
                      <span className="ml-2 text-muted-foreground">
                        was <s>{formatDollars(priceAtWatchCents)}</s> when you started watching
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">{watchAddedByText(addedBy)}</p>
                </div>
                <div className="flex items-center gap-2">
                  <WatchButton listingId={listing.id} tractor={name} />
                  {state !== 'unavailable' && state !== 'sold' && (
                    <Button asChild size="sm">
                      <Link to={`/tractor/${listing.id}`} aria-label={`View Details: ${name}`}>
                        View Details
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
