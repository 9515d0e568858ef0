import {
  canMoveInquiry,
  checkFarmerOffer,
  defaultOfferValidUntil,
  FARMER_OFFER_STATUS_LABELS,
  formatOfferDate,
} from '@domain/farmer-offers';
import { formatDollars } from '@domain/money';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDateTime, localDateInput } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type OfferFormInput, useInquiryDetail, useSendOffer } from '../api/inquiries';

/**
 * docs/product/selling.md#the-offer-by-e-mail: the seller's photos, every offer sent and its answer, the draft
 * listing once accepted, and the form for a new (or revised) offer.
 */
export function InquiryDetail({ inquiryId }: { inquiryId: string }) {
  const query = useInquiryDetail(inquiryId);
  if (query.isPending)
    return (
      <div role="status" aria-label="Loading the inquiry">
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (query.isError)
    return <ErrorState message="Failed to load the inquiry" onRetry={() => query.refetch()} />;
  const { inquiry, photos, offers } = query.data;
  const tractor =
    [inquiry.year, inquiry.make, inquiry.model].filter(Boolean).join(' ') || 'Tractor (no details)';
  const canOffer = canMoveInquiry(inquiry.status, 'offer_sent');
  const hasOpen = offers.some((o) => o.status === 'sent');
  return (
    <div className="grid gap-4 border-t border-border pt-4">
      <section aria-labelledby={`photos-${inquiryId}`} className="grid gap-2">
        <h4 id={`photos-${inquiryId}`} className="text-sm font-bold">
          Seller's photos
        </h4>
        {photos.length === 0 ? (
          <p className="text-sm text-muted-foreground">The seller sent no photos.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {photos.map((p, i) => (
              <li key={p.id}>
                <a href={p.src} target="_blank" rel="noreferrer">
                  <img
                    src={p.thumb}
                    alt={`${tractor}, seller's view ${i + 1}`}
                    width={p.width}
                    height={p.height}
                    loading="lazy"
                    className="aspect-[4/3] h-auto w-full rounded-md border border-border object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`history-${inquiryId}`} className="grid gap-2">
        <h4 id={`history-${inquiryId}`} className="text-sm font-bold">
          Offers and answers
        </h4>
        {offers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No offer sent yet.</p>
        ) : (
          <ol className="grid gap-2" data-testid="offer-history">
            {offers.map((o) => (
              <li key={o.id} className="rounded-md border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold tabular-nums">{formatDollars(o.amountCents)}</span>
                  <Badge tone={o.status === 'accepted' ? 'green' : o.status === 'sent' ? 'blue' : 'grey'}>
                    {FARMER_OFFER_STATUS_LABELS[o.status]}
                  </Badge>
                </div>
                <p className="text-muted-foreground">
                  Sent {formatDateTime(o.createdAt)}, valid until {formatOfferDate(o.validUntil)}
                  {o.answeredAt ? `; answered ${formatDateTime(o.answeredAt)}` : ''}
                </p>
                <p>Pickup: {o.pickup}</p>
                {o.message && <p className="whitespace-pre-line">{o.message}</p>}
              </li>
            ))}
          </ol>
        )}
        {inquiry.draftListingId && (
          <p className="text-sm" data-testid="draft-listing">
            Draft listing made from this inquiry, waiting for inspection:{' '}
            <a className="font-semibold text-brand-700 underline" href={`/tractor/${inquiry.draftListingId}`}>
              open the draft
            </a>
          </p>
        )}
      </section>

      {canOffer && <SendOfferForm inquiryId={inquiryId} tractor={tractor} revised={hasOpen} />}
    </div>
  );
}

interface OfferValues {
  amount: string;
  validUntil: string;
  pickup: string;
  message: string;
}

function SendOfferForm({
  inquiryId,
  tractor,
  revised,
}: {
  inquiryId: string;
  tractor: string;
  revised: boolean;
}) {
  const form = useForm<OfferValues>({
    defaultValues: {
      amount: '',
      validUntil: localDateInput(defaultOfferValidUntil(new Date())),
      pickup: 'We collect the tractor from your farm with our own truck, at a time that suits you.',
      message: '',
    },
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  const send = useSendOffer(inquiryId);
  const [pending, setPending] = useState<{ body: OfferFormInput; amountCents: number } | null>(null);
  const errors = formState.errors;
  const p = `offer-${inquiryId}`;

  // The end of the chosen day (UTC), so "valid until Dec 3" means all of Dec 3.
  const toBody = (v: OfferValues): OfferFormInput => ({
    amount: v.amount,
    validUntil: v.validUntil ? `${v.validUntil}T23:59:59Z` : null,
    pickup: v.pickup,
    message: v.message,
  });

  const onReview = handleSubmit((values) => {
    const body = toBody(values);
    const check = checkFarmerOffer(body, new Date());
    if (!check.ok) {
      for (const [field, message] of Object.entries(check.fields))
        setError(field as keyof OfferValues, { message });
      return;
    }
    setPending({ body, amountCents: check.amountCents });
  });

  const onConfirm = async () => {
    if (!pending) return;
    const amount = formatDollars(pending.amountCents);
    setPending(null);
    try {
      await send.mutateAsync(pending.body);
      toast.success(`Offer of ${amount} sent to the seller`);
      reset();
    } catch (err) {
      if (err instanceof ApiError && applyServerErrors(form, err)) return;
      toast.error(`Failed to send the offer: ${(err as Error).message}`);
    }
  };

  return (
    <section aria-labelledby={`${p}-title`} className="grid gap-3 rounded-md bg-muted p-3">
      <h4 id={`${p}-title`} className="text-sm font-bold">
        {revised ? 'Send a revised offer' : 'Send an offer'}
      </h4>
      {revised && (
        <p className="text-sm text-muted-foreground">
          The revised offer replaces the open one; the seller's earlier link stops working.
        </p>
      )}
      <form onSubmit={onReview} noValidate className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${p}-amount`}>Amount ($)</Label>
          <Input
            id={`${p}-amount`}
            inputMode="numeric"
            placeholder="e.g. 27,500"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${p}-amount-error` : undefined}
            {...register('amount')}
          />
          <FieldError id={`${p}-amount-error`} message={errors.amount?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${p}-valid`}>Valid until</Label>
          <Input
            id={`${p}-valid`}
            type="date"
            aria-invalid={errors.validUntil ? true : undefined}
            aria-describedby={errors.validUntil ? `${p}-valid-error` : undefined}
            {...register('validUntil')}
          />
          <FieldError id={`${p}-valid-error`} message={errors.validUntil?.message} />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${p}-pickup`}>How pickup works</Label>
          <Textarea
            id={`${p}-pickup`}
            rows={2}
            aria-invalid={errors.pickup ? true : undefined}
            aria-describedby={errors.pickup ? `${p}-pickup-error` : undefined}
            {...register('pickup')}
          />
          <FieldError id={`${p}-pickup-error`} message={errors.pickup?.message} />
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${p}-message`}>Message (optional)</Label>
          <Textarea
            id={`${p}-message`}
            rows={3}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${p}-message-error` : undefined}
            {...register('message')}
          />
          <FieldError id={`${p}-message-error`} message={errors.message?.message} />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : revised ? 'Send revised offer' : 'Send offer'}
          </Button>
        </div>
      </form>
      <AmountConfirm
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={`Send an offer of ${pending ? formatDollars(pending.amountCents) : ''}?`}
        description={`The seller of ${tractor} gets an e-mail with a link to accept, decline or ask for a call. If they accept, FieldLot buys the tractor for this amount.`}
        confirmLabel={`Send ${pending ? formatDollars(pending.amountCents) : ''} offer`}
        onConfirm={onConfirm}
      />
    </section>
  );
}

/** A confirmation naming the amount: nothing binding happens on one click. */
export function AmountConfirm(p: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertPrimitive.Root open={p.open} onOpenChange={p.onOpenChange}>
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl"
          data-testid="amount-confirm"
        >
          <AlertPrimitive.Title className="text-lg font-bold">{p.title}</AlertPrimitive.Title>
          <AlertPrimitive.Description className="text-sm text-muted-foreground">
            {p.description}
          </AlertPrimitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }))}>
              Cancel
            </AlertPrimitive.Cancel>
            <AlertPrimitive.Action
              className={cn(buttonVariants({ variant: 'default' }))}
              onClick={p.onConfirm}
            >
              {p.confirmLabel}
            </AlertPrimitive.Action>
          </div>
        </AlertPrimitive.Content>
      </AlertPrimitive.Portal>
    </AlertPrimitive.Root>
  );
}
