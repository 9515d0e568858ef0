import {
  isOpenOffer,
  type OfferStatus,
  type OfferType,
  offerActionsFor,
  offerAmountSchema,
} from '@domain/offers';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DealConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { formatDateTime, formatDollars } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { type AdminDecision, type SellerOffer, useAdminDecision, useSellerOffers } from '../api/offers';
import { CONFIRM } from './admin-offers-tab';
import { OfferStatusBadge, OfferTimeLeft, OfferTypeBadge } from './offer-badges';

/**
 * docs/product/dealer-selling.md#offers-on-your-tractors: offers on the dealer's own listings, open ones first;
 * Accept, Reject and Counter as the admin has them (the domain's table gives the seller the same steps), each
 * confirmed with the amount, the seller fee and the proceeds. Buyers are anonymous until the sale.
 */
export function SellerOffers() {
  const query = useSellerOffers();
  useLiveEvents();
  if (query.isPending)
    return (
      <div className="grid gap-3" role="status" aria-label="Loading offers">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-32 w-full" />
        ))}
      </div>
    );
  if (query.isError) return <ErrorState message="Failed to load offers" onRetry={() => query.refetch()} />;
  const { items, sellerFeeCents } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        title="No offers yet"
        description="Offers and buy-now requests on your live listings appear here as they arrive."
      />
    );
  const open = items.filter((o) => isOpenOffer(o.status as OfferStatus));
  const rest = items.filter((o) => !isOpenOffer(o.status as OfferStatus));
  return (
    <ul className="grid gap-3" aria-label="Offers on your tractors">
      {[...open, ...rest].map((o) => (
        <li key={o.id}>
          <SellerOfferRow offer={o} feeCents={sellerFeeCents} />
        </li>
      ))}
    </ul>
  );
}

function SellerOfferRow({ offer, feeCents }: { offer: SellerOffer; feeCents: number }) {
  const decide = useAdminDecision('/api/my-listings/offers');
  const [amount, setAmount] = useState('');
  const [confirm, setConfirm] = useState<AdminDecision | null>(null);
  const ids = { amount: useId(), hint: useId() };
  const status = offer.status as OfferStatus;
  const actions = offerActionsFor(status, 'seller');
  const counter = offerAmountSchema('Counter amount', offer.originalPriceCents).safeParse(amount);
  const counterCents = counter.success ? counter.data : null;
  const counterProblem = counter.success ? null : (counter.error.issues[0]?.message ?? null);
  // One Idempotency-Key per counter, sent again with its retries: a counter whose answer was lost is taken once.
  const [counterKey, setCounterKey] = useState(newIdempotencyKey);
  const run = (d: AdminDecision) =>
    decide.mutate(d, {
      onSuccess: () => {
        toast.success('Offer updated successfully');
        setAmount('');
        setCounterKey(newIdempotencyKey());
      },
      onError: (err) => toast.error('Failed to update offer', { description: err.message }),
    });
  const who = offer.buyer ? `${offer.buyer.companyName} · ${offer.buyer.name}` : offer.buyerLabel;
  return (
    <Card className="grid gap-3 p-4" data-testid="seller-offer">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-bold">
          <Link className="underline-offset-4 hover:underline" to={`/tractor/${offer.listingId}`}>
            {offer.tractor}
          </Link>
        </h3>
        <OfferStatusBadge status={status} />
        <OfferTypeBadge type={offer.offerType as OfferType} />
        {/* The same "expires in 48 h" the buyer sees on My Offers. */}
        <OfferTimeLeft status={status} expiresAt={offer.expiresAt} />
        <time className="ml-auto text-sm text-muted-foreground" dateTime={offer.createdAt}>
          {formatDateTime(offer.createdAt)}
        </time>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Offer" value={formatDollars(offer.offerAmountCents)} strong />
        <Fact label="Your asking price" value={formatDollars(offer.originalPriceCents)} />
        {offer.counterOfferAmountCents !== null && (
          <Fact label="Your counter" value={formatDollars(offer.counterOfferAmountCents)} strong />
        )}
        <Fact label="Buyer" value={who} />
        {offer.buyer && <Fact label="Buyer contact" value={offer.buyer.email} />}
        {status === 'accepted' && (
          // The sale's money (credits, payout) is the ledger's: on the tractor's sale above, not from the offer.
          <Fact label="Your proceeds" value="See the sale on your tractor above" />
        )}
      </dl>
      {offer.message && (
        // Masked by the server until the sale (docs/product/dealer-selling.md#offers-on-your-tractors).
        <p className="break-words text-sm" data-testid="buyer-message">
          Buyer's message: {offer.message}
        </p>
      )}
      {actions.length > 0 && (
        <div className="grid gap-3 border-t border-border pt-3">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => setConfirm({ offerId: offer.id, action: 'accept' })}>
              Accept
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => setConfirm({ offerId: offer.id, action: 'reject' })}
            >
              Reject
            </Button>
          </div>
          <div className="grid gap-2 sm:grid-cols-[12rem_auto] sm:items-end">
            <div className="grid gap-1">
              <Label htmlFor={ids.amount}>Counter amount</Label>
              <Input
                id={ids.amount}
                inputMode="numeric"
                aria-describedby={ids.hint}
                aria-invalid={amount.trim() !== '' && counterCents === null}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <p id={ids.hint} className="text-xs text-muted-foreground">
                {amount.trim() !== '' && counterProblem ? counterProblem : 'Whole dollars, e.g. 48,500'}
              </p>
            </div>
            {amount.trim() !== '' && (
              <Button
                size="sm"
                variant="outline"
                className="h-11"
                disabled={decide.isPending}
                onClick={() =>
                  counterCents !== null &&
                  setConfirm({
                    offerId: offer.id,
                    action: 'counter',
                    amount: amount.trim(),
                    message: '',
                    idempotencyKey: counterKey,
                  })
                }
              >
                Counter{counterCents !== null ? ` at ${formatDollars(counterCents)}` : ''}
              </Button>
            )}
          </div>
        </div>
      )}
      {confirm && (
        <DealConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          {...CONFIRM[confirm.action]}
          tractor={offer.tractor}
          buyer={offer.buyerLabel}
          amountCents={
            confirm.action === 'counter' ? (counterCents ?? offer.offerAmountCents) : offer.offerAmountCents
          }
          sellerFeeCents={feeCents}
          onConfirm={() => run(confirm)}
        />
      )}
    </Card>
  );
}

function Fact({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-bold tabular-nums' : 'font-medium break-words'}>{value}</dd>
    </div>
  );
}
