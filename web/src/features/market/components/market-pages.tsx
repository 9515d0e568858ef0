import { formatDollarsRounded as formatDollars, formatHours } from '@domain/money';
import { LineChart } from 'lucide-react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { formatDay } from '@/lib/format';
import { useMarketFamily, useMarketIndex } from '../api';
import { MarketFamilyCharts } from './market-family-charts';

const familyPath = (make: string, family: string) =>
  `/market/${encodeURIComponent(make)}/${encodeURIComponent(family)}`;

function DealersOnly() {
  return (
    <EmptyState
      icon={<LineChart className="size-10 text-muted-foreground" aria-hidden="true" />}
      title="Market prices are for approved dealers"
      description="Sign in with an approved dealer account to see what tractors sold for on FieldLot."
    />
  );
}

/** `/market`: every make and model family sold in the last 24 months (docs/product/market.md). */
export function MarketIndexPage() {
  const { isApproved, isLoading } = useSession();
  const index = useMarketIndex();
  return (
    <Page className="space-y-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Market</h1>
      <p className="text-muted-foreground">
        What tractors sold for on FieldLot in the last 24 months, by make and model family.
      </p>
      {isLoading ? (
        <LoadingState text="Loading the market..." />
      ) : !isApproved ? (
        <DealersOnly />
      ) : index.isPending ? (
        <LoadingState text="Loading the market..." />
      ) : index.isError ? (
        <ErrorState message={index.error.message} onRetry={() => index.refetch()} />
      ) : index.data.families.length === 0 ? (
        <EmptyState
          icon={<LineChart className="size-10 text-muted-foreground" aria-hidden="true" />}
          title="No sales recorded yet."
          description="Families appear here once FieldLot has sold them."
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Model families">
          {index.data.families.map((f) => (
            <li key={`${f.make}|${f.family}`}>
              <Link
                to={familyPath(f.make, f.family)}
                className="block rounded-lg border border-border bg-card p-4 hover:border-brand-700 focus-visible:outline-2"
              >
                <span className="block font-bold">
                  {f.make} {f.family}
                </span>
                <span className="block text-sm text-muted-foreground">
                  {f.sales} {f.sales === 1 ? 'sale' : 'sales'} · median {formatDollars(f.medianPriceCents)} ·
                  last {formatDay(f.lastSoldOn)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** `/market/:make/:family`: the family's charts, its live listings and the want-lists count. */
export function MarketFamilyPage({ make, family }: { make: string; family: string }) {
  const { isApproved, isLoading } = useSession();
  const market = useMarketFamily(make, family);
  return (
    <Page className="space-y-6">
      <p>
        <Link to="/market" className="text-sm font-medium text-brand-800 underline">
          All families
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight">
        {market.data ? `${market.data.make} ${market.data.family}` : `${make} ${family}`} market
      </h1>
      {isLoading ? (
        <LoadingState text="Loading the market..." />
      ) : !isApproved ? (
        <DealersOnly />
      ) : market.isPending ? (
        <LoadingState text="Loading the market..." />
      ) : market.isError ? (
        <ErrorState message={market.error.message} onRetry={() => market.refetch()} />
      ) : (
        <>
          <MarketFamilyCharts market={market.data} />
          <Card className="p-4">
            <h2 className="text-lg font-bold">Live listings ({market.data.liveListingsCount})</h2>
            {market.data.liveListings.length === 0 ? (
              <p className="text-sm text-muted-foreground">None on sale right now.</p>
            ) : (
              <ul className="mt-2 divide-y">
                {market.data.liveListings.map((l) => (
                  <li key={l.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <Link to={`/tractor/${l.id}`} className="font-medium text-brand-800 underline">
                      {l.title}
                    </Link>
                    <span className="text-sm tabular-nums">
                      {l.hours !== null && formatHours(l.hours)}
                      {l.askingPriceCents !== null && ` · ${formatDollars(l.askingPriceCents)}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </Page>
  );
}
