import { tractorName } from '@domain/listings';
import { formatDollars } from '@domain/money';
import { Link } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { AsIsNotice } from '@/features/inspections';
import { formatDateTime } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { type OfferWithListing, useMyOffers } from '../api/offers';
import { AcceptCounterButton } from './accept-counter';
import { OfferStatusBadge, OfferTimeLeft, OfferTypeBadge } from './offer-badges';
import { AmountWithFee, WithdrawButton } from './offer-history';
import { TractorThumb } from './tractor-thumb';

/** docs/product/offers.md#my-offers: the dealer's own offers, newest first, updating live. */
export function MyOffersPage() {
  const { isApproved, isLoading } = useSession();
  if (isLoading) return <LoadingState text="Loading your offers..." />;
  if (!isApproved)
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-2xl font-bold text-brand-900">Access Denied</h1>
        <p className="mt-2 text-muted-foreground">You need to be an approved dealer to access this page.</p>
        <Button asChild className="mt-6">
          <Link to="/">Return Home</Link>
        </Button>
      </Page>
    );
  return <OffersList />;
}

function OffersList() {
  const query = useMyOffers();
  useLiveEvents();
  return (
    <Page className="max-w-4xl">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">My Offers</h1>
      {query.isPending ? (
        <LoadingState text="Loading your offers..." />
      ) : query.isError ? (
        <ErrorState message="Failed to load offers" onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState
          title="No Offers Yet"
          description="You haven't made any offers on tractors yet."
          action={
            <Button asChild>
              <Link to="/">Browse Tractors</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-4">
          {query.data.map((o, i) => (
            <li key={o.id}>
              <OfferCard offer={o} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/** Offers belong to the dealership: "by Dana Whitfield" (another member) or "by you" (dealer-tools.md). */
function ActedBy({ offer }: { offer: OfferWithListing }) {
  const { user } = useSession();
  return (
    <span className="text-muted-foreground" data-testid="offer-acted-by">
      by {offer.actedBy.id === user?.id ? 'you' : offer.actedBy.name}
    </span>
  );
}

function OfferCard({ offer, first }: { offer: OfferWithListing; first?: boolean }) {
  const name = tractorName(offer.listing);
  return (
    <Card className="grid overflow-hidden sm:grid-cols-[12rem_1fr]" data-testid="my-offer">
      <TractorThumb src={offer.listing.imageUrl} alt={name} className="h-40 w-full sm:h-full" first={first} />
      <div className="grid gap-3 p-4">
        <div className="flex flex-wrap items-start gap-2">
          <div className="mr-auto min-w-0">
            <h2 className="text-lg font-bold leading-tight">
              {offer.listing.make} {offer.listing.model}
            </h2>
            <p className="text-sm text-muted-foreground">
              {offer.listing.year} · {offer.listing.location}
            </p>
          </div>
          <OfferStatusBadge status={offer.status} />
          <OfferTypeBadge type={offer.offerType} />
          <OfferTimeLeft status={offer.status} expiresAt={offer.expiresAt} />
        </div>
        {offer.listing.asIsReason && <AsIsNotice reason={offer.listing.asIsReason} />}
        <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">
              {offer.offerType === 'buy_now' ? 'Purchase amount' : 'Offer amount'}
            </dt>
            <dd>
              <AmountWithFee cents={offer.offerAmountCents} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Original price</dt>
            <dd className="font-semibold tabular-nums">{formatDollars(offer.originalPriceCents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>
              <time dateTime={offer.createdAt}>{formatDateTime(offer.createdAt)}</time>{' '}
              <ActedBy offer={offer} />
            </dd>
          </div>
        </dl>
        {offer.status === 'countered' && offer.counterOfferAmountCents !== null && (
          <div className="grid gap-1 rounded-md border border-blue-300 bg-blue-50 p-3 text-sm text-blue-950">
            <p className="font-semibold">
              Counter offer: <AmountWithFee cents={offer.counterOfferAmountCents} />
            </p>
            {offer.counterMessage && <p>Seller's message: {offer.counterMessage}</p>}
          </div>
        )}
        {offer.message && <p className="text-sm">Your message: {offer.message}</p>}
        <div className="flex flex-wrap gap-2">
          <AcceptCounterButton offer={offer} tractor={name} size="sm" />
          <WithdrawButton offer={offer} />
          <Button asChild variant="outline" size="sm">
            <Link to={`/tractor/${offer.listingId}`} aria-label={`View Listing: ${name}`}>
              View Listing
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
