import { Gavel } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { useListingFilters } from '@/features/listings';
import { formatDateTime, plural } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import '../api/live';
import { PageTitle } from '@/features/site';
import { runListQuery, serverNow, useRunList } from '../api/sales';
import { LotRow } from './lot-row';
import { RunListFilters } from './run-list-filters';

/** The server's clock, ticking (docs/product/timed-sale.md#the-clock). */
function useServerNow(everyMs = 500): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * docs/product/timed-sale.md#the-run-list: every lot with its close, live, filtered as the inventory. Dates and
 * times in the screens' one style (formatDateTime), in the reader's time zone as every screen.
 */
export function RunListPage() {
  const { id = '' } = useParams();
  const { isApproved, isAdmin } = useSession();
  useLiveEvents(isApproved);
  const { filters, active, clearFilters } = useListingFilters();
  const query = useRunList(id, runListQuery(filters));
  const now = useServerNow();
  if (query.isPending)
    return (
      <Page>
        <PageTitle title="Timed Sale" />
        <LoadingState text="Loading the run list..." />
      </Page>
    );
  if (query.isError)
    return (
      <Page className="space-y-6">
        <PageTitle title="Timed Sale" />
        <h1 className="text-3xl font-extrabold tracking-tight">Timed Sale</h1>
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      </Page>
    );
  const { sale, lots, brands } = query.data;
  return (
    <Page className="space-y-6">
      <PageTitle title={sale.name} />
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">{sale.name}</h1>
        <p className="text-muted-foreground">
          Starts {formatDateTime(sale.startsAt)} · first lot closes {formatDateTime(sale.firstCloseAt)} · one
          lot closes every{' '}
          {sale.intervalSeconds % 60
            ? `${sale.intervalSeconds} seconds`
            : plural(sale.intervalSeconds / 60, 'minute')}
        </p>
      </div>
      {sale.lotCount === 0 ? (
        <EmptyState
          icon={<Gavel className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No lots yet"
          description="Dealers put their tractors into the sale from My Listings."
        />
      ) : (
        <>
          <RunListFilters brands={brands} showPrice={isApproved || isAdmin} />
          <h2 className="text-xl font-bold" aria-live="polite" data-testid="lot-count">
            {active ? `${lots.length} of ${plural(sale.lotCount, 'lot')}` : plural(sale.lotCount, 'lot')}
          </h2>
          {lots.length === 0 ? (
            <EmptyState
              icon={<Gavel className="size-10 text-muted-foreground" aria-hidden="true" />}
              title="No lots match"
              description="No lots match these filters. Try a broader search or clear the filters."
              action={<Button onClick={clearFilters}>Clear Filters</Button>}
            />
          ) : (
            <ol className="space-y-3" aria-label="Run list" aria-busy={query.isFetching}>
              {lots.map((lot) => (
                <LotRow key={lot.id} lot={lot} saleId={id} now={now} signedIn={isApproved} />
              ))}
            </ol>
          )}
        </>
      )}
    </Page>
  );
}
