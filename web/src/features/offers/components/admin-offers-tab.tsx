import { tractorName } from '@domain/listings';
import { buyerFeeCents, formatDollarsCents } from '@domain/money';
import { offerActionsFor, offerAmountSchema } from '@domain/offers';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DealConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { type AdminDecision, type AdminOffer, useAdminDecision, useAdminOffers } from '../api/offers';
import { OfferStatusBadge, OfferTimeLeft, OfferTypeBadge } from './offer-badges';

/**
 * docs/product/offers.md#offer-management: every offer newest first with listing, buyer and seller; accept, reject and
 * counter on pending offers only (Counter appears once an amount is typed). New offers arrive live.
 */
export function AdminOffersTab() {
  const query = useAdminOffers();
  const [needsAction, setNeedsAction] = useState(false);
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
  // Needs action: offers an admin can still answer (the domain's table says which).
  const pending = query.data.filter((o) => offerActionsFor(o.status, 'admin').length > 0);
  const shown = needsAction ? pending : query.data;
  return (
    <section aria-labelledby="admin-offers-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-offers-title" className="text-lg font-bold">
          Offers{' '}
          <span className="text-muted-foreground">
            ({query.data.length}, {pending.length} pending)
          </span>
        </h2>
        {/* New offers and buy-now requests wait for an answer: pending is exactly "needs action". */}
        <fieldset className="flex gap-2" aria-label="Filter offers">
          <Button
            size="sm"
            variant={needsAction ? 'outline' : 'default'}
            aria-pressed={!needsAction}
            onClick={() => setNeedsAction(false)}
          >
            All
          </Button>
          <Button
            size="sm"
            variant={needsAction ? 'default' : 'outline'}
            aria-pressed={needsAction}
            onClick={() => setNeedsAction(true)}
          >
            Needs action ({pending.length})
          </Button>
        </fieldset>
      </div>
      {shown.length === 0 && (
        <p className="text-sm text-muted-foreground">Nothing needs action: every offer has an answer.</p>
      )}
      <ul className="grid gap-3">
        {shown.map((offer) => (
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
  const ids = { amount: useId(), message: useId(), hint: useId() };
  const name = tractorName(offer.listing);

  const [confirm, setConfirm] = useState<AdminDecision | null>(null);
  // One Idempotency-Key per counter, sent again with its retries: a counter whose answer was lost is taken once.
  const [counterKey, setCounterKey] = useState(newIdempotencyKey);

  const run = (d: AdminDecision) =>
    decide.mutate(d, {
      onSuccess: () => {
        toast.success('Offer updated successfully');
        setAmount('');
        setMessage('');
        setCounterKey(newIdempotencyKey());
      },
      onError: (err) => toast.error('Failed to update offer', { description: err.message }),
    });

  const actions = offerActionsFor(offer.status, 'admin');
  // The domain's one amount rule (also the server's): a wrong amount never reaches the confirmation.
  const counter = offerAmountSchema('Counter amount', offer.originalPriceCents).safeParse(amount);
  const counterCents = counter.success ? counter.data : null;
  const counterProblem = counter.success ? null : (counter.error.issues[0]?.message ?? null);
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
        <OfferTimeLeft status={offer.status} expiresAt={offer.expiresAt} />
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

      {actions.length > 0 && (
        <div className="grid gap-3 border-t border-border pt-3">
          <div className="flex flex-wrap gap-2">
            {actions.includes('accept') && (
              <Button
                size="sm"
                onClick={() => setConfirm({ offerId: offer.id, action: 'accept' })}
                disabled={decide.isPending}
              >
                Accept
              </Button>
            )}
            {actions.includes('reject') && (
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setConfirm({ offerId: offer.id, action: 'reject' })}
                disabled={decide.isPending}
              >
                Reject
              </Button>
            )}
          </div>
          {actions.includes('counter') && (
            <div className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
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
                  onClick={() => {
                    // The domain rule names what is wrong; only a valid amount reaches the confirmation.
                    if (counterCents === null) return;
                    setConfirm({
                      offerId: offer.id,
                      action: 'counter',
                      amount: amount.trim(),
                      message,
                      idempotencyKey: counterKey,
                    });
                  }}
                >
                  Counter{counterCents !== null ? ` at ${formatDollarsCents(counterCents)}` : ''}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      {confirm && (
        <DealConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirm(null)}
          {...CONFIRM[confirm.action]}
          tractor={name}
          buyer={`${offer.buyer.name} · ${offer.buyer.companyName}`}
          amountCents={
            confirm.action === 'counter' ? (counterCents ?? offer.offerAmountCents) : offer.offerAmountCents
          }
          onConfirm={() => run(confirm)}
        />
      )}
    </Card>
  );
}

/**
 * What each admin decision's confirmation says (offers.md#binding-step-confirmation); a seller's are the
 * same.
 */
export const CONFIRM = {
  accept: {
    title: 'Accept this offer?',
    description: 'The tractor is sold to this buyer at this amount; every other open offer on it ends.',
    confirmLabel: 'Accept Offer',
  },
  reject: {
    title: 'Reject this offer?',
    description: 'The buyer is told by e-mail that the offer was not accepted.',
    confirmLabel: 'Reject Offer',
    destructive: true,
  },
  counter: {
    title: 'Send this counter offer?',
    description: 'The buyer can accept it at once, which sells the tractor at this amount.',
    confirmLabel: 'Send Counter Offer',
  },
} as const;

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
