import { CREDIT_BEARERS, type CreditBearer } from '@domain/ledger';
import { CREDIT_BEARER_LABELS, creditAnswerFields } from '@domain/ledger-api';
import { formatDollarsCents } from '@domain/money';
import { amountCents } from '@domain/payment-terms';
import type { Purchase } from '@domain/purchases-api';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { applyServerErrors } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { usePurchaseLedger } from '../api/ledger';
import { useAdminStep } from '../api/purchases';

// The claim answer's credit with who bears it and why; the reason is required here (the seller reads it).
const schema = z.object({
  amount: amountCents('Credit'),
  bornBy: z.enum(CREDIT_BEARERS, 'Choose who bears the credit'),
  reason: creditAnswerFields.reason.unwrap(),
});
type FormIn = z.input<typeof schema>;
type FormOut = z.output<typeof schema>;

const bearerText = (b: CreditBearer) => (b === 'fieldlot' ? 'FieldLot' : 'the seller');

/**
 * docs/product/purchases.md#who-bears-a-credit: "Answer claim: credit". The bearer defaults to the open claim's
 * `defaultBornBy`; the confirmation names the amount and who bears it.
 */
export function ClaimCreditForm({ purchase: p }: { purchase: Purchase }) {
  const id = useId();
  const run = useAdminStep();
  const ledger = usePurchaseLedger(p.id);
  const claim = p.claims.find((c) => c.status === 'open');
  const defaultBornBy = claim?.defaultBornBy ?? 'fieldlot';
  // FieldLot's own listing has no seller to bear a credit (the server refuses it too).
  const ownListing = ledger.data?.isDealerListing === false;
  const proceeds = ledger.data?.seller?.proceedsCents;
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', bornBy: defaultBornBy, reason: '' },
  });
  const [asking, setAsking] = useState<FormOut | null>(null);
  // One key per attempt, kept through a refusal or a lost answer (the credit is then given once), new once done.
  const [key, setKey] = useState(newIdempotencyKey);
  const { errors } = form.formState;
  // mutateAsync: answering the claim removes this form on the refetch, and mutate's per-call callbacks are
  // dropped once the component is gone; the toast must still say it.
  const go = (v: FormOut) =>
    run
      .mutateAsync({
        id: p.id,
        step: 'claim-answer',
        body: { answer: 'credit', amount: (v.amount / 100).toFixed(2), bornBy: v.bornBy, reason: v.reason },
        idempotencyKey: key,
      })
      .then(
        () => {
          toast.success(`Credit of ${formatDollarsCents(v.amount)} issued, borne by ${bearerText(v.bornBy)}`);
          setAsking(null);
          setKey(newIdempotencyKey());
          form.reset({ amount: '', bornBy: defaultBornBy, reason: '' });
        },
        (e: unknown) => {
          setAsking(null);
          if (!applyServerErrors(form, e))
            toast.error(e instanceof ApiError ? e.message : 'Answer claim: credit failed');
        },
      );
  const field = (name: 'amount' | 'reason') => ({
    id: `${id}-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <form
      aria-label="Answer claim: credit"
      className="flex flex-col gap-3 rounded-md border border-border p-3"
      data-testid="claim-credit-form"
      noValidate
      onSubmit={form.handleSubmit(setAsking)}
    >
      <p className="text-sm font-semibold">Answer claim: credit</p>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-amount`}>Credit ($)</Label>
        <Input inputMode="decimal" {...field('amount')} {...form.register('amount')} />
        <FieldError id={`${id}-amount-error`} message={errors.amount?.message} />
      </div>
      <fieldset className="flex flex-col gap-1 text-sm" aria-describedby={`${id}-bearer-hint`}>
        <legend className="mb-1 font-medium">Who bears the credit</legend>
        {CREDIT_BEARERS.map((b) => (
          <label key={b} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              value={b}
              className="size-4"
              disabled={b === 'seller' && ownListing}
              {...form.register('bornBy')}
            />
            {CREDIT_BEARER_LABELS[b]}
            {b === defaultBornBy && <span className="text-muted-foreground">(default)</span>}
          </label>
        ))}
        <p id={`${id}-bearer-hint`} className="text-muted-foreground">
          {ownListing
            ? "FieldLot's own listing: FieldLot bears the credit."
            : `The seller's share lowers their proceeds${proceeds !== undefined ? ` (now ${formatDollarsCents(proceeds)})` : ''} and shows on My Listings as a charge with the reason.`}
        </p>
        <FieldError message={errors.bornBy?.message} />
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Textarea rows={2} {...field('reason')} {...form.register('reason')} />
        <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
      </div>
      <Button type="submit" variant="outline" className="self-start" disabled={run.isPending}>
        Answer claim: credit
      </Button>
      <Dialog open={asking !== null} onOpenChange={(o) => !o && setAsking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              Credit {asking ? formatDollarsCents(asking.amount) : ''} borne by{' '}
              {asking ? bearerText(asking.bornBy) : ''}?
            </DialogTitle>
            <DialogDescription>
              {asking &&
                `Issue a credit note of ${formatDollarsCents(asking.amount)} to ${p.buyer.companyName} on ${p.number}. ${
                  asking.bornBy === 'seller'
                    ? `The seller bears it: their proceeds go down by ${formatDollarsCents(asking.amount)}.`
                    : "FieldLot bears it: the seller's proceeds stay as they are."
                }`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button onClick={() => asking && go(asking)} disabled={run.isPending}>
              Confirm
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
