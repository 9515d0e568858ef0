import { canStage, STAGE_LABEL, STAGE_TONE, stageActionsFor } from '@domain/dealer-listings';
import type { MyListing } from '@domain/dealer-listings-api';
import { tractorName } from '@domain/listings';
import { Pencil, Plus, Send, Undo2 } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { SellerOffers } from '@/features/offers';
import { preloadSoldPurchase, SoldPurchase, useSoldPurchasesSettled } from '@/features/purchases';
import { PutInSale } from '@/features/sales';
import { formatDollars, formatHours } from '@/lib/format';
import { useLiveEventHandler } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { useMyListingMutations, useMyListings } from '../api/my-listings';
import { HoursNotice, ShownConditionBadge } from './shown-condition';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * docs/product/dealer-selling.md#my-listings: the dealer's own listings with their stage, photo, offers and the
 * best open one, proceeds once sold; Submit for review and Withdraw; below, the offers on them.
 */
export function MyListingsPage() {
  const { isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading..." />;
  if (!isApproved) return <Navigate to="/" replace />;
  return <MyListings />;
}

function MyListings() {
  const query = useMyListings();
  // The sold rows' sales and their chunk load beside the list, which shows once all are in: nothing moves.
  const salesSettled = useSoldPurchasesSettled();
  useEffect(preloadSoldPurchase, []);
  const skeleton = (
    <div className="grid gap-3" role="status" aria-label="Loading your listings">
      {/* A phone's row is about 240 px tall: two of them keep the offers below the first screen until the rows come. */}
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-60 w-full sm:h-28" />
      ))}
    </div>
  );
  // New offers and review outcomes arrive live; a new offer is also a toast (the buyer stays anonymous).
  useLiveEventHandler((type, data) => {
    if (type === 'offer.created' && typeof data.notice === 'string' && typeof data.amountCents === 'number')
      toast.info(
        `${data.notice === 'buy_now' ? 'Buy now request' : 'New offer'}: ${String(data.buyerName ?? 'A dealer')} offered ${formatDollars(data.amountCents)} on ${String(data.tractor ?? 'your tractor')}`,
        { duration: 10_000 },
      );
    if (type === 'listing.stage' && (data.stage === 'live' || data.stage === 'changes_requested'))
      toast.info(
        data.stage === 'live'
          ? `${String(data.tractor)} is live`
          : `FieldLot asks for changes to ${String(data.tractor)}`,
      );
  });
  return (
    <Page className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-brand-900">My Listings</h1>
          <p className="text-muted-foreground">
            Sell your trade-ins to a network of vetted dealers. FieldLot reviews each listing before it goes
            live.
          </p>
        </div>
        <Button asChild>
          <Link to="/my-listings/new">
            <Plus aria-hidden="true" /> List a Tractor
          </Link>
        </Button>
      </div>
      <section aria-labelledby="my-listings-h" className="space-y-3">
        <h2 id="my-listings-h" className="text-xl font-bold">
          Your tractors
        </h2>
        {query.isPending || (query.isSuccess && !salesSettled) ? (
          skeleton
        ) : query.isError ? (
          <ErrorState message="Failed to load your listings" onRetry={() => query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState
            title="No listings yet"
            description={`List a tractor: it is saved as a draft until you submit it for review. FieldLot's seller fee is ${formatDollars(query.data.sellerFeeCents)} a sale.`}
          />
        ) : (
          <Suspense fallback={skeleton}>
            <ul className="grid gap-3">
              {query.data.items.map((l, i) => (
                <li key={l.id}>
                  <MyListingRow listing={l} first={i === 0} />
                </li>
              ))}
            </ul>
          </Suspense>
        )}
      </section>
      <section aria-labelledby="seller-offers-h" className="space-y-3">
        <h2 id="seller-offers-h" className="text-xl font-bold">
          Offers on your tractors
        </h2>
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <SellerOffers />
        </Suspense>
      </section>
    </Page>
  );
}

function MyListingRow({ listing: l, first }: { listing: MyListing; first?: boolean }) {
  const m = useMyListingMutations();
  const name = tractorName(l);
  const actions = stageActionsFor(l.stage, 'seller');
  const step = (action: 'submit' | 'withdraw') =>
    m.step.mutate(
      { id: l.id, action },
      {
        onSuccess: () =>
          toast.success(
            action === 'submit' ? 'Submitted for review' : 'Listing withdrawn: it is off the market',
          ),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <Card className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center" data-testid="my-listing">
      {l.image ? (
        <img
          src={l.image.src}
          alt=""
          width={128}
          height={96}
          className="h-24 w-32 shrink-0 rounded object-cover"
          // The first row's picture is on screen as the page paints: fetched at once (decision 0058).
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
        />
      ) : (
        <div className="flex h-24 w-32 shrink-0 items-center justify-center rounded bg-muted text-xs text-muted-foreground">
          No photo
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/tractor/${l.id}`} className="font-semibold underline-offset-4 hover:underline">
            {name}
          </Link>
          <Badge tone={STAGE_TONE[l.stage]} data-testid="stage">
            {STAGE_LABEL[l.stage]}
          </Badge>
          <ShownConditionBadge grade={l.grade} condition={l.condition} />
        </div>
        <p className="text-sm text-muted-foreground">
          {formatDollars(l.priceCents)} · {formatHours(l.hours)} · {l.location} ·{' '}
          {count(l.imageCount, 'photo', 'photos')} · {count(l.offerCount, 'offer', 'offers')} ·{' '}
          {count(l.watchCount, 'watcher', 'watchers')}
        </p>
        <HoursNotice notice={l.hoursNotice} />
        {l.bestOpenOffer && (
          <p className="text-sm">
            Best open offer: <strong>{formatDollars(l.bestOpenOffer.amountCents)}</strong> (
            {count(l.openOfferCount, 'open offer', 'open offers')})
          </p>
        )}
        {l.sale && (
          // The proceeds themselves come from the purchase's ledger, below (docs/product/purchases.md#paying-the-seller).
          <p className="text-sm" data-testid="proceeds">
            Sold for {formatDollars(l.sale.priceCents)} − fee {formatDollars(l.sale.feeCents)}
          </p>
        )}
        <SoldPurchase listingId={l.id} sold={l.stage === 'sold'} />
        {l.changeRequestReason && l.stage !== 'live' && l.stage !== 'sold' && (
          <p className="text-sm text-orange-800" role="note">
            FieldLot asks: {l.changeRequestReason}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 sm:w-64 sm:justify-end">
        {canStage('edit', l.stage, 'seller') && (
          <Button size="sm" variant="outline" asChild>
            <Link to={`/my-listings/${l.id}`} aria-label={`Edit ${name}`}>
              <Pencil aria-hidden="true" /> Edit
            </Link>
          </Button>
        )}
        {actions.includes('submit') && (
          <Button size="sm" onClick={() => step('submit')} disabled={m.step.isPending}>
            <Send aria-hidden="true" /> Submit for review
          </Button>
        )}
        {l.stage === 'live' && <PutInSale listingId={l.id} tractor={name} />}
        {actions.includes('withdraw') && (
          <ConfirmDialog
            title={`Withdraw ${name}?`}
            description="It leaves the inventory at once and open offers stay unanswered. Edit it to list it again."
            confirmLabel="Withdraw"
            onConfirm={() => step('withdraw')}
            trigger={
              <Button size="sm" variant="outline">
                <Undo2 aria-hidden="true" /> Withdraw
              </Button>
            }
          />
        )}
      </div>
    </Card>
  );
}
