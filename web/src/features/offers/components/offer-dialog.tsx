import { buyerFeeCents, formatDollars, parseDollarsToCents } from '@domain/money';
import { maxOfferCents, OFFER_ABSOLUTE_MAX_CENTS, OFFER_MIN_CENTS } from '@domain/offers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
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
import { ApiError } from '@/lib/api';
import { useCreateOffer } from '../api/offers';

export interface OfferListing {
  id: string;
  make: string;
  model: string;
  year?: number | null;
  priceCents: number | null;
}

export const tractorName = (l: { make: string; model: string; year?: number | null }) =>
  [l.year, l.make, l.model].filter(Boolean).join(' ');

function schemaFor(askingCents: number) {
  const cap = askingCents > 0 ? maxOfferCents(askingCents) : OFFER_ABSOLUTE_MAX_CENTS;
  return z
    .object({
      offerType: z.enum(['offer', 'buy_now']),
      amount: z.string(),
      message: z.string().max(2000, 'Message must be at most 2000 characters'),
    })
    .superRefine((v, ctx) => {
      if (v.offerType !== 'offer') return;
      const text = v.amount.trim();
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
      if (!text) return issue('Offer amount is required');
      if (!/^\$?[\d,]*\.?\d*$/.test(text) || !/\d/.test(text)) return issue('Offer amount must be a number');
      const cents = parseDollarsToCents(text);
      if (cents === null) return issue('Offer amount can have at most 2 decimal places');
      if (cents < OFFER_MIN_CENTS) return issue('Offer amount must be at least $1');
      if (cents > cap) return issue(`Offer amount cannot be more than ${formatDollars(cap)}`);
    });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;
const EMPTY: Values = { offerType: 'offer', amount: '', message: '' };

/** A fresh key per dialog opening: double clicks and retries of one submission make one offer. */
function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SPEC.md "Offer dialog": plain offer or buy now, optional message, the buyer fee and total shown live. */
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
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<Values>({ resolver: zodResolver(schemaFor(asking)), defaultValues: EMPTY });
  const ids = { amount: useId(), amountError: useId(), message: useId(), fee: useId() };
  const [offerType, amount] = useWatch({ control: form.control, name: ['offerType', 'amount'] });

  useEffect(() => {
    if (open) {
      setKey(newIdempotencyKey());
      form.reset(EMPTY);
    }
  }, [open, form]);

  const amountCents = offerType === 'buy_now' ? asking : (parseDollarsToCents(amount || '') ?? null);
  const feeCents = amountCents !== null && amountCents >= OFFER_MIN_CENTS ? buyerFeeCents(amountCents) : null;

  const onSubmit = form.handleSubmit((v) => {
    create.mutate(
      {
        input: {
          listingId: listing.id,
          offerType: v.offerType,
          ...(v.offerType === 'offer' ? { amount: v.amount.trim().replace(/[$,]/g, '') } : {}),
          message: v.message,
        },
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          toast.success(
            v.offerType === 'buy_now'
              ? 'Buy now request submitted successfully!'
              : 'Offer submitted successfully!',
          );
          form.reset(EMPTY);
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields.amount) {
            form.setError('amount', { message: err.fields.amount });
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
      },
    );
  });

  const amountError = form.formState.errors.amount?.message;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Make an Offer</DialogTitle>
          <DialogDescription>
            <span className="block font-semibold text-foreground">{tractorName(listing)}</span>
            Listed price: <span className="font-semibold text-foreground">{formatDollars(asking)}</span>
          </DialogDescription>
        </DialogHeader>
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
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="45,000"
                  className="pl-7"
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={`${amountError ? ids.amountError : ''} ${ids.fee}`.trim()}
                  {...form.register('amount')}
                />
              </div>
              <FieldError id={ids.amountError} message={amountError} />
            </div>
          )}

          <div className="grid gap-2">
            <Label htmlFor={ids.message}>Message (optional)</Label>
            <Textarea
              id={ids.message}
              rows={3}
              placeholder="Anything the seller should know"
              {...form.register('message')}
            />
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
              <dt>Buyer fee ($500 + 5%)</dt>
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

          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Submitting...' : 'Submit Offer'}
            </Button>
          </DialogFooter>
        </form>
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
