import { formatDollars } from '@domain/money';
import { type OfferStatus, offerActionsFor } from '@domain/offers';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DealConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useAcceptCounter } from '../api/offers';

interface CounteredOffer {
  id: string;
  status: OfferStatus;
  counterOfferAmountCents: number | null;
}

/**
 * "Accept Counter Offer" everywhere it appears (offer panel, My Offers): accepting is a binding purchase, so
 * it opens a confirmation naming the tractor, the counter amount, the buyer fee and the total first.
 */
export function AcceptCounterButton({
  offer,
  tractor,
  size,
}: {
  offer: CounteredOffer;
  tractor: string;
  size?: ButtonProps['size'];
}) {
  const [open, setOpen] = useState(false);
  const accept = useAcceptCounter();
  const counter = offer.counterOfferAmountCents;
  if (!offerActionsFor(offer.status, 'buyer').includes('accept_counter') || counter === null) return null;
  // mutateAsync, not mutate's callbacks: on success the counter card gives way to the sold state and this
  // button unmounts before per-call callbacks would run.
  const onConfirm = () =>
    accept.mutateAsync(offer.id).then(
      () => toast.success('Counter offer accepted successfully!'),
      (err: Error) => toast.error(err.message || 'Failed to accept counter offer'),
    );
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} disabled={accept.isPending}>
        Accept Counter Offer
      </Button>
      <DealConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Accept counter offer?"
        description={`This is a binding purchase: you agree to buy this tractor for ${formatDollars(counter)} plus the buyer fee.`}
        tractor={tractor}
        amountCents={counter}
        confirmLabel="Accept and Buy"
        onConfirm={onConfirm}
      />
    </>
  );
}
