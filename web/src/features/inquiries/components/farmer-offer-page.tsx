import type { FarmerOfferAnswer } from '@domain/farmer-offers';
import { FARMER_ACCEPTED_TEXT, formatOfferDate } from '@domain/farmer-offers';
import { formatDollars } from '@domain/money';
import { CheckCircle2, Phone, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/states';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAnswerFarmerOffer, useFarmerOffer } from '../api/inquiries';
import { AmountConfirm } from './inquiry-detail';

const DONE: Record<FarmerOfferAnswer, { title: string; text: string }> = {
  accept: {
    title: 'Offer accepted',
    text: `Thank you! ${FARMER_ACCEPTED_TEXT.contact} ${FARMER_ACCEPTED_TEXT.paid}`,
  },
  decline: {
    title: 'Offer declined',
    text: 'Thank you for letting us know. If you change your mind, ask us for a new offer any time.',
  },
  call: {
    title: 'We will call you',
    text: 'Thank you. One of our buyers will call you about the offer, usually within one business day.',
  },
};

/**
 * docs/product/selling.md#the-farmers-page: the offer behind the e-mailed link, with "Accept offer" (after a
 * confirmation naming the amount), "Decline" (after one naming the amount too) and "Call me". No account; fits 360 px.
 */
export function FarmerOfferPage({ token }: { token: string }) {
  const offer = useFarmerOffer(token);
  const answer = useAnswerFarmerOffer(token);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<FarmerOfferAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (a: FarmerOfferAnswer) => {
    try {
      await answer.mutateAsync(a);
      setDone(a);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) setFailure(err.message);
      else toast.error(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  };

  let body: React.ReactNode;
  if (done) {
    const d = DONE[done];
    body = (
      <div className="grid gap-3" role="status">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold">
          <CheckCircle2 className="size-7 shrink-0 text-brand-700" aria-hidden="true" />
          {d.title}
        </h1>
        <p>{d.text}</p>
      </div>
    );
  } else if (failure || offer.isError) {
    const message =
      failure ??
      (offer.error instanceof ApiError && offer.error.status < 500
        ? offer.error.message
        : 'Something went wrong. Please try again.');
    body = (
      <div className="grid gap-3" data-testid="offer-unavailable">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold">
          <XCircle className="size-7 shrink-0 text-muted-foreground" aria-hidden="true" />
          This offer cannot be answered
        </h1>
        <p>{message}</p>
        <Button asChild variant="accent" className="w-full sm:w-fit">
          <Link to="/sell-your-tractor">Ask for a new offer</Link>
        </Button>
      </div>
    );
  } else if (offer.isPending) {
    body = <LoadingState text="Loading your offer..." />;
  } else {
    const o = offer.data;
    const amount = formatDollars(o.amountCents);
    body = (
      <div className="grid gap-5">
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-muted-foreground">Our offer for {o.tractor}</p>
          <h1 className="text-4xl font-extrabold tabular-nums" data-testid="offer-amount">
            {amount}
          </h1>
          <p className="text-sm text-muted-foreground">Valid until {formatOfferDate(o.validUntil)}</p>
        </div>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="font-semibold">Pickup</dt>
            <dd className="break-words whitespace-pre-line">{o.pickup}</dd>
          </div>
          {o.message && (
            <div>
              <dt className="font-semibold">Message from our buyer</dt>
              <dd className="break-words whitespace-pre-line">{o.message}</dd>
            </div>
          )}
        </dl>
        <div className="grid gap-2 sm:grid-cols-3">
          <Button size="lg" onClick={() => setConfirming(true)} disabled={answer.isPending}>
            Accept offer
          </Button>
          <Button size="lg" variant="outline" onClick={() => send('call')} disabled={answer.isPending}>
            <Phone aria-hidden="true" /> Call me
          </Button>
          <ConfirmDialog
            trigger={
              <Button size="lg" variant="outline" disabled={answer.isPending}>
                Decline
              </Button>
            }
            title={`Decline FieldLot's offer of ${amount}?`}
            description={`You tell FieldLot you do not want to sell ${o.tractor} for ${amount}. This link then stops working; you can ask us for a new offer any time.`}
            confirmLabel="Decline Offer"
            cancelLabel="Keep the offer"
            onConfirm={() => send('decline')}
          />
        </div>
        <AmountConfirm
          open={confirming}
          onOpenChange={setConfirming}
          title={`Accept ${amount} for ${o.tractor}?`}
          description={`You agree to sell the tractor to FieldLot for ${amount}. ${FARMER_ACCEPTED_TEXT.paid}`}
          confirmLabel={`Accept ${amount}`}
          onConfirm={() => send('accept')}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8">
      <Card>
        <CardContent className="p-5 pt-5 sm:p-8">{body}</CardContent>
      </Card>
    </div>
  );
}
