import { BUYER_MESSAGE_NOTE } from '@domain/buyer-message';
import { tractorName } from '@domain/listings';
import {
  BUYER_FEE_LABEL,
  buyerFeeCents,
  formatDollars,
  parseDollarAmount,
  totalWithFeeCents,
} from '@domain/money';
import { isOpenOffer, OFFER_MIN_CENTS, OFFER_TYPES, offerAmountSchema } from '@domain/offers';
import { offerMessageSchema } from '@domain/offers.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { LandedCost } from '@/features/purchases';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { useCreateOffer, useListingOffers } from '../api/offers';

export interface OfferListing {
  id: string;
  make: string;
  model: string;
  year?: number | null;
  priceCents: number | null;
}

export { tractorName };

function schemaFor(askingCents: number) {
  // The server's rule (domain/offers.ts `offerAmountSchema`): whole dollars, at least $1, at most the cap.
  const amountRule = offerAmountSchema('Offer amount', askingCents);
  return z
    .object({
      offerType: z.enum(OFFER_TYPES),
      amount: z.string(),
      message: offerMessageSchema,
    })
    .superRefine((v, ctx) => {
      if (v.offerType !== 'offer') return;
      const parsed = amountRule.safeParse(v.amount.trim());
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.error.issues[0]?.message ?? '' });
    });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;
const EMPTY: Values = { offerType: 'offer', amount: '', message: '' };

/**
 * The steps of one submission: the form; "Buy Now instead?" when an offer is at or above the asking price; the
 * Buy Now confirmation naming the tractor, price, buyer fee and total (offers.md#binding-step-confirmation:
 * nothing binding on one click).
 */
type Step = 'form' | 'at-asking' | 'confirm-buy';

/** docs/product/offers.md#offer-dialog: plain offer or buy now, optional message, the buyer fee and total shown live. */
export function OfferDialog({
  listing,
  open,
  onClose,
}: {
  listing: OfferListing;
  open: boolean;
  onClose: () => void;
}) {
  const asking = listing.priceCents ?? 0;
  const create = useCreateOffer();
  const history = useListingOffers(listing.id, open);
  // A fresh key per dialog opening: double clicks and retries of one submission make one offer.
  const [key, setKey] = useState(newIdempotencyKey);
  const [step, setStep] = useState<Step>('form');
  const form = useForm<Values>({ resolver: zodResolver(schemaFor(asking)), defaultValues: EMPTY });
  const ids = {
    amount: useId(),
    amountHint: useId(),
    amountError: useId(),
    message: useId(),
    messageHint: useId(),
    fee: useId(),
  };
  const [offerType, amount] = useWatch({ control: form.control, name: ['offerType', 'amount'] });

  useEffect(() => {
    if (open) {
      setKey(newIdempotencyKey());
      setStep('form');
      form.reset(EMPTY);
    }
  }, [open, form]);

  const amountCents = offerType === 'buy_now' ? asking : parseDollarAmount(amount || '');
  const feeCents = amountCents !== null && amountCents >= OFFER_MIN_CENTS ? buyerFeeCents(amountCents) : null;
  // One open offer per dealer per listing: a new one replaces theirs, so say so before they send it.
  const openOffer = history.data?.find((o) => isOpenOffer(o.status));

  // mutateAsync, not mutate's callbacks: a Buy Now sells the tractor, and the refetch after it can unmount this
  // dialog (the page shows the sale) before mutate's per-call callbacks run; the toast must still say it.
  const send = (v: Values) => {
    create
      .mutateAsync({
        input: {
          listingId: listing.id,
          offerType: v.offerType,
          // Buy Now: the asking price the buyer confirmed; the server refuses if it changed since.
          ...(v.offerType === 'offer' ? { amount: v.amount.trim() } : { askingCents: asking }),
          message: v.message,
        },
        idempotencyKey: key,
      })
      .then(
        () => {
          toast.success(
            v.offerType === 'buy_now'
              ? 'Buy now request submitted successfully!'
              : 'Offer submitted successfully!',
          );
          form.reset(EMPTY);
          onClose();
        },
        (err: unknown) => {
          setStep('form');
          if (applyServerErrors(form, err)) {
            // The amount field shows what is wrong.
          } else if (err instanceof ApiError && err.status === 401) {
            toast.error('You must be logged in to make an offer');
          } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
            toast.error(err.message);
          } else if (err instanceof ApiError) {
            toast.error('Failed to submit offer. Please try again.');
          } else {
            toast.error('An unexpected error occurred. Please try again.');
          }
        },
      );
  };

  const onSubmit = form.handleSubmit((v) => {
    if (v.offerType === 'buy_now') return setStep('confirm-buy');
    const cents = parseDollarAmount(v.amount) ?? 0;
    if (asking >= OFFER_MIN_CENTS && cents >= asking) return setStep('at-asking');
    send(v);
  });
  const buyNowInstead = () => {
    form.setValue('offerType', 'buy_now');
    setStep('confirm-buy');
  };

  const amountError = form.formState.errors.amount?.message;
  const fees = (cents: number, label: string) => (
    <dl
      className="grid gap-1 rounded-md border border-border bg-muted/50 p-3 text-sm"
      data-testid="confirm-fees"
    >
      <div className="flex justify-between gap-2">
        <dt>{label}</dt>
        <dd className="font-semibold tabular-nums">{formatDollars(cents)}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt>{BUYER_FEE_LABEL}</dt>
        <dd className="font-semibold tabular-nums">{formatDollars(buyerFeeCents(cents))}</dd>
      </div>
      <div className="flex justify-between gap-2 border-t border-border pt-1 text-base">
        <dt className="font-semibold">Total</dt>
        <dd className="font-bold tabular-nums" data-testid="confirm-total">
          {formatDollars(totalWithFeeCents(cents))}
        </dd>
      </div>
    </dl>
  );

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent
        // Escape on a confirmation step goes back to the form: nothing is sent, nothing is lost.
        onEscapeKeyDown={(e) => {
          if (step !== 'form' && !create.isPending) {
            e.preventDefault();
            setStep('form');
          }
        }}
      >
        {step === 'at-asking' && (
          <>
            <DialogHeader>
              <DialogTitle>Buy Now instead?</DialogTitle>
              <DialogDescription>
                That is at or above the asking price of {formatDollars(asking)}. Buy Now instead?
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm">
              Buy Now asks for {tractorName(listing)} at its asking price. Your offer of{' '}
              <span className="font-semibold tabular-nums">{formatDollars(amountCents ?? 0)}</span> would
              otherwise be sent as it is.
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={() => send(form.getValues())} disabled={create.isPending}>
                {create.isPending ? 'Submitting...' : `Send my offer of ${formatDollars(amountCents ?? 0)}`}
              </Button>
              <Button onClick={buyNowInstead} disabled={create.isPending}>
                Buy Now instead
              </Button>
            </DialogFooter>
          </>
        )}
        {step === 'confirm-buy' && (
          <>
            <DialogHeader>
              <DialogTitle>Confirm Buy Now</DialogTitle>
              <DialogDescription>
                You are buying {tractorName(listing)} at its asking price of {formatDollars(asking)}. The
                seller set this price, so your purchase is accepted at once and is binding.
              </DialogDescription>
            </DialogHeader>
            {fees(asking, 'Purchase price')}
            {openOffer && (
              <p className="text-sm">
                This replaces your open offer of {formatDollars(openOffer.offerAmountCents)}.
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setStep('form')} disabled={create.isPending}>
                Cancel
              </Button>
              <Button onClick={() => send(form.getValues())} disabled={create.isPending}>
                {create.isPending ? 'Submitting...' : 'Confirm Buy Now'}
              </Button>
            </DialogFooter>
          </>
        )}
        <div className={step === 'form' ? 'contents' : 'hidden'}>
          {/* Kept mounted (hidden) during a confirmation so the typed values stay; one title at a time. */}
          {step === 'form' && (
            <DialogHeader>
              <DialogTitle>Make an Offer</DialogTitle>
              <DialogDescription>
                <span className="block font-semibold text-foreground">{tractorName(listing)}</span>
                Listed price: <span className="font-semibold text-foreground">{formatDollars(asking)}</span>
              </DialogDescription>
            </DialogHeader>
          )}
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Offer type</legend>
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <TypeChoice value="offer" label="Make an Offer" register={form.register('offerType')} />
                <TypeChoice
                  value="buy_now"
                  label={`Buy Now (${formatDollars(asking)})`}
                  register={form.register('offerType')}
                />
              </div>
            </fieldset>

            {offerType === 'offer' && (
              <div className="grid gap-2">
                <Label htmlFor={ids.amount}>Offer amount (USD)</Label>
                <div className="relative">
                  <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground">
                    $
                  </span>
                  <Input
                    id={ids.amount}
                    inputMode="numeric"
                    autoComplete="off"
                    className="pl-7"
                    aria-invalid={amountError ? true : undefined}
                    aria-describedby={`${ids.amountHint} ${amountError ? ids.amountError : ''} ${ids.fee}`.trim()}
                    {...form.register('amount')}
                  />
                </div>
                {/* A hint instead of a placeholder: an example number in the field looks like a value. */}
                <p id={ids.amountHint} className="text-sm text-muted-foreground">
                  Whole dollars; commas are optional.
                </p>
                <FieldError id={ids.amountError} message={amountError} />
              </div>
            )}

            <div className="grid gap-2">
              <Label htmlFor={ids.message}>Message (optional)</Label>
              <Textarea
                id={ids.message}
                rows={3}
                placeholder="Anything the seller should know"
                aria-describedby={ids.messageHint}
                {...form.register('message')}
              />
              <p id={ids.messageHint} className="text-sm text-muted-foreground">
                {BUYER_MESSAGE_NOTE}
              </p>
              <FieldError message={form.formState.errors.message?.message} />
            </div>

            <dl
              id={ids.fee}
              className="grid gap-1 rounded-md border border-border bg-muted/50 p-3 text-sm"
              aria-live="polite"
            >
              <div className="flex justify-between">
                <dt>{offerType === 'buy_now' ? 'Purchase price' : 'Your offer'}</dt>
                <dd className="font-semibold tabular-nums">
                  {amountCents !== null ? formatDollars(amountCents) : '—'}
                </dd>
              </div>
              <div className="flex justify-between">
                <dt>{BUYER_FEE_LABEL}</dt>
                <dd className="font-semibold tabular-nums">
                  {feeCents !== null ? formatDollars(feeCents) : '—'}
                </dd>
              </div>
              <div className="flex justify-between border-t border-border pt-1 text-base">
                <dt className="font-semibold">Total</dt>
                <dd className="font-bold tabular-nums" data-testid="offer-total">
                  {feeCents !== null && amountCents !== null ? formatDollars(amountCents + feeCents) : '—'}
                </dd>
              </div>
            </dl>
            <Suspense fallback={null}>
              <LandedCost
                listingId={listing.id}
                amountDollars={
                  amountCents !== null && amountCents >= OFFER_MIN_CENTS ? amountCents / 100 : undefined
                }
              />
            </Suspense>
            {openOffer && offerType === 'offer' && (
              <p className="text-sm" data-testid="replaces-open-offer">
                This offer replaces your open offer of {formatDollars(openOffer.offerAmountCents)}.
              </p>
            )}

            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending && step === 'form' ? 'Submitting...' : 'Submit Offer'}
              </Button>
            </DialogFooter>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TypeChoice({
  value,
  label,
  register,
}: {
  value: 'offer' | 'buy_now';
  label: string;
  register: ReturnType<ReturnType<typeof useForm<Values>>['register']>;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border bg-card px-3 py-2 text-sm font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700">
      <input type="radio" value={value} className="size-4 accent-brand-700" {...register} />
      {label}
    </label>
  );
}
