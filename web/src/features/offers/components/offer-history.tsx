import { buyerFeeCents, formatDollars } from '@domain/money';
import { WITHDRAW_OFFER_TEXT } from '@domain/offer-floor';
import { isOpenOffer, offerActionsFor } from '@domain/offers';
import { CheckCircle2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { formatDate, formatDateTime, formatLongDate } from '@/lib/format';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import { type Offer, useListingOffers, useWithdrawOffer } from '../api/offers';
import { OfferStatusBadge, OfferTimeLeft, OfferTypeBadge } from './offer-badges';

/** "$45,000 + $2,750 buyer fee" */
export function AmountWithFee({ cents }: { cents: number }) {
  return (
    <span className="tabular-nums">
      <span className="font-bold">{formatDollars(cents)}</span>{' '}
      <span className="text-muted-foreground">+ {formatDollars(buyerFeeCents(cents))} buyer fee</span>
    </span>
  );
}

/**
 * "Your Offer History" on the detail page (approved dealers only, hidden when empty, newest first), with the
 * "Offer Accepted!" banner. Updates live. A live counter offer shows in the offer panel at the top (CounterCard).
 */
export function OfferHistory({ listingId }: { listingId: string }) {
  const { isApproved } = useSession();
  const query = useListingOffers(listingId, isApproved);
  useLiveEvents(isApproved);

  if (!isApproved) return null;
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <ErrorState message="Failed to load offers" onRetry={() => query.refetch()} />;
  const offers = query.data;
  if (offers.length === 0) return null;

  const accepted = offers.find((o) => o.status === 'accepted');

  return (
    <section aria-labelledby="offer-history-title" className="grid gap-4" data-testid="offer-history">
      {accepted && <AcceptedBanner offer={accepted} />}
      <h2 id="offer-history-title" className="text-xl font-bold">
        Your Offer History
      </h2>
      <ul className="grid gap-3">
        {offers.map((o) => (
          <li key={o.id}>
            <HistoryEntry offer={o} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AcceptedBanner({ offer }: { offer: Offer }) {
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border-2 border-green-600 bg-green-50 p-4 text-green-950"
    >
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <CheckCircle2 className="size-6 text-green-700" aria-hidden="true" />
        Offer Accepted!
      </h2>
      <p>
        <AmountWithFee cents={offer.offerAmountCents} />
      </p>
      <p className="font-semibold">Congratulations! Your offer has been accepted.</p>
      <p>Your account manager will be in touch shortly to arrange inspection, payment and delivery.</p>
      <p className="text-sm">Accepted on {formatLongDate(offer.acceptedAt ?? offer.updatedAt)}</p>
    </div>
  );
}

function HistoryEntry({ offer }: { offer: Offer }) {
  return (
    <Card className="grid gap-2 p-4" data-testid="offer-history-entry">
      <div className="flex flex-wrap items-center gap-2">
        <OfferStatusBadge status={offer.status} />
        <OfferTypeBadge type={offer.offerType} />
        <OfferTimeLeft status={offer.status} expiresAt={offer.expiresAt} />
        <time
          className="ml-auto text-sm text-muted-foreground"
          dateTime={offer.createdAt}
          title={formatDateTime(offer.createdAt)}
        >
          {formatDate(offer.createdAt)}
        </time>
      </div>
      <p>
        <AmountWithFee cents={offer.offerAmountCents} />
      </p>
      {offer.status === 'countered' && offer.counterOfferAmountCents !== null && (
        <p className="text-sm">
          Counter offer: <AmountWithFee cents={offer.counterOfferAmountCents} />
        </p>
      )}
      {offer.status === 'replaced' && (
        <p className="text-sm text-muted-foreground">
          Replaced by a newer offer on{' '}
          <time dateTime={offer.updatedAt}>{formatDateTime(offer.updatedAt)}</time>
        </p>
      )}
      {offer.status === 'expired' && (
        <p className="text-sm text-muted-foreground">
          Expired without an answer on{' '}
          <time dateTime={offer.updatedAt}>{formatDateTime(offer.updatedAt)}</time>
        </p>
      )}
      {offer.message && <p className="text-sm text-muted-foreground">Your message: {offer.message}</p>}
      {offerActionsFor(offer.status, 'buyer').includes('withdraw') && (
        <div>
          <WithdrawButton offer={offer} />
        </div>
      )}
    </Card>
  );
}

/** "Withdraw Offer" (asks first) while the offer is still open; nothing otherwise. */
export function WithdrawButton({ offer }: { offer: Offer }) {
  const withdraw = useWithdrawOffer();
  const { status } = offer;
  if (!offerActionsFor(status, 'buyer').includes('withdraw') || !isOpenOffer(status)) return null;
  const onWithdraw = () =>
    withdraw.mutate(
      { offerId: offer.id, expectedStatus: status },
      {
        onSuccess: () => toast.success('Offer withdrawn'),
        onError: (err) => toast.error(err.message || 'Failed to withdraw offer'),
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={withdraw.isPending}>
          Withdraw Offer
        </Button>
      }
      title="Withdraw this offer?"
      description={WITHDRAW_OFFER_TEXT}
      confirmLabel="Withdraw Offer"
      onConfirm={onWithdraw}
    />
  );
}
