import { buyerFeeCents, formatDollarsCents, parseDollarsToCents } from '@domain/money';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { type AdminDecision, type AdminOffer, useAdminDecision, useAdminOffers } from '../api/offers';
import { OfferStatusBadge, OfferTypeBadge } from './offer-badges';
import { tractorName } from './offer-dialog';

/**
 * SPEC.md "Offer Management" tab: every offer newest first with listing, buyer and seller; accept, reject and
 * counter on pending offers only (Counter appears once an amount is typed). New offers arrive live.
 */
export function AdminOffersTab() {
  const query = useAdminOffers();
  useLiveEvents();
  if (query.isPending)
    return (
      <div className="grid gap-3" role="status" aria-label="Loading offers">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-40 w-full" />
        ))}
      </div>
    );
  if (query.isError) return <ErrorState message="Failed to load offers" onRetry={() => query.refetch()} />;
  if (query.data.length === 0)
    return (
      <EmptyState
        title="No offers yet"
        description="Offers and buy-now requests from dealers appear here as they arrive."
      />
    );
  const pending = query.data.filter((o) => o.status === 'pending').length;
  return (
    <section aria-labelledby="admin-offers-title" className="grid gap-3">
      <h2 id="admin-offers-title" className="text-lg font-bold">
        Offers{' '}
        <span className="text-muted-foreground">
          ({query.data.length}, {pending} pending)
        </span>
      </h2>
      <ul className="grid gap-3">
        {query.data.map((offer) => (
          <li key={offer.id}>
            <AdminOfferRow offer={offer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminOfferRow({ offer }: { offer: AdminOffer }) {
  const decide = useAdminDecision();
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const ids = { amount: useId(), message: useId() };
  const name = tractorName(offer.listing);

  const run = (d: AdminDecision) =>
    decide.mutate(d, {
      onSuccess: () => {
        toast.success('Offer updated successfully');
        setAmount('');
        setMessage('');
      },
      onError: (err) => toast.error('Failed to update offer', { description: err.message }),
    });

  const counterCents = parseDollarsToCents(amount);
  return (
    <Card className="grid gap-3 p-4" data-testid="admin-offer-row">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-bold">
          <Link className="underline-offset-4 hover:underline" to={`/tractor/${offer.listingId}`}>
            {name}
          </Link>
        </h3>
        <OfferStatusBadge status={offer.status} />
        <OfferTypeBadge type={offer.offerType} />
        <time className="ml-auto text-sm text-muted-foreground" dateTime={offer.createdAt}>
          {formatDateTime(offer.createdAt)}
        </time>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Offer" value={formatDollarsCents(offer.offerAmountCents)} strong />
        <Fact label="Buyer fee" value={formatDollarsCents(buyerFeeCents(offer.offerAmountCents))} />
        <Fact label="Listed price" value={formatDollarsCents(offer.originalPriceCents)} />
        {offer.counterOfferAmountCents !== null && (
          <Fact label="Counter offer" value={formatDollarsCents(offer.counterOfferAmountCents)} strong />
        )}
        <Fact
          label="Buyer"
          value={`${offer.buyer.name} · ${offer.buyer.companyName}`}
          sub={offer.buyer.email}
        />
        <Fact label="Seller" value={offer.seller.name} sub={offer.seller.email} />
        <Fact label="Location" value={offer.listing.location} />
      </dl>
      {offer.message && <p className="text-sm">Buyer's message: {offer.message}</p>}
      {offer.counterMessage && <p className="text-sm">Counter message: {offer.counterMessage}</p>}

      {offer.status === 'pending' && (
        <div className="grid gap-3 border-t border-border pt-3">
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => run({ offerId: offer.id, action: 'accept' })}
              disabled={decide.isPending}
            >
              Accept
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() => run({ offerId: offer.id, action: 'reject' })}
              disabled={decide.isPending}
            >
              Reject
            </Button>
          </div>
          <div className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
            <div className="grid gap-1">
              <Label htmlFor={ids.amount}>Counter amount</Label>
              <Input
                id={ids.amount}
                inputMode="decimal"
                placeholder="46,000"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={ids.message}>Counter message (optional)</Label>
              <Input id={ids.message} value={message} onChange={(e) => setMessage(e.target.value)} />
            </div>
            {amount.trim() !== '' && (
              <Button
                size="sm"
                variant="outline"
                className="h-11"
                disabled={decide.isPending}
                onClick={() => run({ offerId: offer.id, action: 'counter', amount: amount.trim(), message })}
              >
                Counter{counterCents !== null ? ` at ${formatDollarsCents(counterCents)}` : ''}
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function Fact({
  label,
  value,
  sub,
  strong,
}: {
  label: string;
  value: string;
  sub?: string;
  strong?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'font-bold tabular-nums' : 'font-medium'}>{value}</dd>
      {sub && <dd className="truncate text-muted-foreground">{sub}</dd>}
    </div>
  );
}
