import { conditionTone } from '@domain/listings';
import { formatDollars, formatHours } from '@domain/money';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { AsIsNotice, PurchasedReportLink } from '@/features/inspections';
import { TractorThumb } from '@/features/offers';
import { formatLongDate } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { type Purchase, useMyPurchases } from '../api/purchases';
import { PurchaseProgress } from './purchase-progress';

/**
 * docs/product/purchases.md#purchased-inventory: each purchase (an accepted offer) with its tractor (timeline, what is due next,
 * documents, delivery and title, the guarantee claim); signed-out or non-approved go to /.
 */
export function PurchasedInventoryPage() {
  const { isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!isApproved) return <Navigate to="/" replace />;
  return <Purchases />;
}

function Purchases() {
  const query = useMyPurchases();
  useLiveEvents();
  return (
    <Page>
      <h1 className="mb-6 text-3xl font-bold text-brand-900">Purchased Inventory</h1>
      {query.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-label="Loading purchased inventory"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState message="Failed to load purchased inventory" onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          title="No Purchases Yet"
          description="Tractors appear here once the seller accepts your offer or buy-now request."
          action={
            <Button asChild>
              <Link to="/">Browse Tractors</Link>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-6">
          {query.data.map((p, i) => (
            <li key={p.id}>
              <PurchaseCard purchase={p} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function PurchaseCard({ purchase, first }: { purchase: Purchase; first?: boolean }) {
  const l = purchase.listing;
  const name = `${l.make} ${l.model}`;
  return (
    <Card
      className="grid grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]"
      data-testid="purchase-card"
    >
      <div className="flex flex-col">
        <div className="relative">
          <TractorThumb src={l.imageUrl} alt={name} className="aspect-[4/3] w-full" first={first} />
          <Badge tone={conditionTone(l.condition)} className="absolute left-3 top-3">
            {l.condition}
          </Badge>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div>
            <h2 className="text-lg font-bold leading-tight">{name}</h2>
            <p className="text-sm text-muted-foreground">{l.year}</p>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="col-span-2">
              <dt className="text-muted-foreground">Purchase price</dt>
              <dd className="text-xl font-bold tabular-nums text-brand-800" data-testid="purchase-price">
                {formatDollars(purchase.money.priceCents)}
              </dd>
              <dd className="text-muted-foreground tabular-nums">
                + {formatDollars(purchase.money.buyerFeeCents)} buyer fee
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Hours</dt>
              <dd className="font-medium tabular-nums">{formatHours(l.hours)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Location</dt>
              <dd className="font-medium">{l.location}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted-foreground">Purchased</dt>
              <dd className="font-medium">{formatLongDate(purchase.createdAt)}</dd>
            </div>
          </dl>
          {l.asIsReason ? (
            <AsIsNotice reason={l.asIsReason} />
          ) : (
            <PurchasedReportLink offerId={purchase.offerId} listingId={purchase.listingId} />
          )}
          <Button asChild variant="outline" className="mt-auto">
            <Link to={`/tractor/${purchase.listingId}`} aria-label={`View Details: ${name}`}>
              View Details
            </Link>
          </Button>
        </div>
      </div>
      <div className="border-t border-border p-4 md:border-l md:border-t-0">
        <PurchaseProgress purchase={purchase} readOnly={!purchase.canAct} />
      </div>
    </Card>
  );
}
