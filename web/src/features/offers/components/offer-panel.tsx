import { tractorName } from '@domain/listings';
import { buyerFeeCents, formatDollars, totalWithFeeCents } from '@domain/money';
import { formatOfferTimeLeft, offerActionsFor } from '@domain/offers';
import { Handshake } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLiveEvents } from '@/lib/live-events';
import { useNow } from '@/lib/now';
import { useListingOffers } from '../api/offers';
import { AcceptCounterButton } from './accept-counter';
import type { OfferListing } from './offer-dialog';
import { useOfferDialogRequests } from './offer-dialog-bus';

// The offer form (react-hook-form, zod, the dialog) loads when the dealer first opens it, not before the page's
// first paint (decision 0056).
const OfferDialog = lazy(() => import('./offer-dialog').then((m) => ({ default: m.OfferDialog })));

/**
 * The approved dealer's part of the offer panel (docs/product/offers.md#offer-panel): Make Offer, or a live counter
 * offer with its fee and total, Accept Counter Offer and Make New Offer (offers.md#accepting-a-counter). A
 * sold listing takes no offers. A chunk of its own, loaded only for dealers (visitors and applicants get
 * `OfferPanel` of
 * offer-panel-entry.tsx; decision 0020).
 */
export function DealerOfferPanel({ listing }: { listing: OfferListing & { status?: string } }) {
  const [offerOpen, setOfferOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed) like any other.
  const [offerOpened, setOfferOpened] = useState(false);
  const openOffer = useCallback(() => {
    setOfferOpen(true);
    setOfferOpened(true);
  }, []);
  useOfferDialogRequests(listing.id, openOffer);
  useLiveEvents(true);

  if (listing.status === 'sold') {
    return (
      <p
        className="rounded-md border border-border bg-muted p-3 text-sm font-semibold"
        data-testid="offer-panel"
      >
        This tractor has been sold.
      </p>
    );
  }

  return (
    <div className="grid gap-2" data-testid="offer-panel">
      <YourOpenOffer listingId={listing.id} />
      <LiveCounter listing={listing} onNewOffer={openOffer}>
        <Button size="lg" variant="accent" className="w-full text-base" onClick={openOffer}>
          Make Offer
        </Button>
      </LiveCounter>
      {offerOpened && (
        <Suspense fallback={null}>
          <OfferDialog listing={listing} open={offerOpen} onClose={() => setOfferOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * "Your offer $170,000, expires in 48 h" while the dealer's own offer waits for an answer, so the page shows what
 * they did (docs/product/offers.md#offer-panel).
 */
function YourOpenOffer({ listingId }: { listingId: string }) {
  const offers = useListingOffers(listingId).data ?? [];
  const now = useNow();
  const open = offers.find((o) => o.status === 'pending');
  if (!open) return null;
  const what = open.offerType === 'buy_now' ? 'Your buy now request' : 'Your offer';
  return (
    <p
      className="rounded-md border border-border bg-muted p-3 text-sm font-semibold"
      data-testid="your-offer"
    >
      {what} {formatDollars(open.offerAmountCents)}
      {open.expiresAt ? `, ${formatOfferTimeLeft(open.expiresAt, now)}` : ''}
    </p>
  );
}

/** The dealer's live counter offer on this listing, answered right here; otherwise `children` (Make Offer). */
function LiveCounter({
  listing,
  onNewOffer,
  children,
}: {
  listing: OfferListing;
  onNewOffer: () => void;
  children: ReactNode;
}) {
  const query = useListingOffers(listing.id);
  const offers = query.data ?? [];
  const countered = offers.some((o) => o.status === 'accepted')
    ? undefined
    : offers.find(
        (o) =>
          offerActionsFor(o.status, 'buyer').includes('accept_counter') && o.counterOfferAmountCents !== null,
      );
  if (!countered) return children;
  const counter = countered.counterOfferAmountCents ?? 0;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border-2 border-blue-600 bg-blue-50 p-4 text-blue-950"
      data-testid="counter-card"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Handshake className="size-6 text-blue-700" aria-hidden="true" />
        You have received a counter offer!
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Counter offer</dt>
        <dd className="text-right text-base font-bold tabular-nums">{formatDollars(counter)}</dd>
        <dt>Buyer fee</dt>
        <dd className="text-right tabular-nums">{formatDollars(buyerFeeCents(counter))}</dd>
        <dt>Total</dt>
        <dd className="text-right font-bold tabular-nums" data-testid="counter-total">
          {formatDollars(totalWithFeeCents(counter))}
        </dd>
      </dl>
      {countered.counterMessage && (
        <blockquote className="border-l-4 border-blue-300 pl-3 italic">
          <span className="sr-only">Seller's message: </span>
          {countered.counterMessage}
        </blockquote>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <AcceptCounterButton offer={countered} tractor={tractorName(listing)} />
        <Button variant="outline" onClick={onNewOffer}>
          Make New Offer
        </Button>
      </div>
    </div>
  );
}
