import { payoutBody } from '@domain/ledger-api';
import { formatDollarsCents } from '@domain/money';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@domain/payment-terms';
import { dateLabel } from '@domain/purchases';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { localDateInput } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { type MoneyStep, useRecordMoney } from '../api/ledger';

// The payout's body: the money move and its optional reason (refunds and repayments never show the field).
type FormIn = z.input<typeof payoutBody>;
type FormOut = z.output<typeof payoutBody>;

const todayIso = () => localDateInput(new Date());

export interface MoneyDialogProps {
  purchaseId: string;
  step: MoneyStep;
  /** "Record payout": the button and the form's title. */
  title: string;
  /** What is owed: the amount is prefilled with it. */
  owedCents: number;
  /** The confirmation's question for an amount: "Record a payout of $179,750.00 to …?". */
  question: (amountCents: number) => string;
  /** Toast on success: "Payout of $179,750.00 recorded". */
  done: (amountCents: number) => string;
  /**
   * A payout while the buyer may still claim (docs/product/purchases.md#paying-the-seller): the end of the
   * guarantee, and the form asks for the reason for paying before it.
   */
  guaranteeEndsAt?: string | null;
}

/**
 * docs/product/purchases.md#the-ledger: a refund, payout or seller repayment: amount (prefilled with what is owed),
 * method, reference and bank date, then a confirmation naming the amount. The server's field errors go back onto
 * the form; its other refusals are toasts.
 */
export function MoneyDialog(props: MoneyDialogProps) {
  const { purchaseId, step, title, owedCents, question, done, guaranteeEndsAt } = props;
  const id = useId();
  const record = useRecordMoney();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<FormOut | null>(null);
  // One key per opening of the dialog: a second click or a retry after a lost answer records the money once.
  const [key, setKey] = useState(newIdempotencyKey);
  const initial = (): FormIn => ({
    amount: (owedCents / 100).toFixed(2),
    method: 'wire',
    reference: '',
    paidOn: todayIso(),
    reason: '',
  });
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(payoutBody),
    defaultValues: initial(),
  });
  const { errors } = form.formState;
  // Read when the dialog renders: the window may close while the page is open.
  const early = step === 'payouts' && !!guaranteeEndsAt && new Date() < new Date(guaranteeEndsAt);
  const show = (o: boolean) => {
    setOpen(o);
    setAsking(null);
    if (o) {
      form.reset(initial());
      setKey(newIdempotencyKey());
    }
  };
  // mutateAsync, not mutate's callbacks: the refetch after a step can unmount this dialog (nothing more owed),
  // and mutate's per-call callbacks are dropped once the component is gone; the toast must still say it.
  const go = (v: FormOut) =>
    record
      .mutateAsync({
        id: purchaseId,
        step,
        body: {
          amount: (v.amount / 100).toFixed(2),
          method: v.method,
          reference: v.reference,
          paidOn: v.paidOn,
          ...(step === 'payouts' && v.reason ? { reason: v.reason } : {}),
        },
        idempotencyKey: key,
      })
      .then(
        () => {
          toast.success(done(v.amount));
          show(false);
        },
        (e: unknown) => {
          setAsking(null);
          if (!applyServerErrors(form, e)) toast.error(e instanceof ApiError ? e.message : `${title} failed`);
        },
      );
  const described = (name: keyof FormIn) => ({
    id: `${id}-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <>
      <Button variant="outline" onClick={() => show(true)}>
        {title}
      </Button>
      <Dialog open={open} onOpenChange={show}>
        <DialogContent>
          {asking ? (
            <>
              <DialogHeader>
                <DialogTitle>{question(asking.amount)}</DialogTitle>
                <DialogDescription>
                  {PAYMENT_METHOD_LABELS[asking.method]}
                  {asking.reference ? `, ref ${asking.reference}` : ''}, dated {dateLabel(asking.paidOn)}.
                  {asking.reason ? ` Paid before the guarantee ends: ${asking.reason}.` : ''} A ledger entry
                  is never changed afterwards.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setAsking(null)}>
                  Back
                </Button>
                <Button onClick={() => go(asking)} disabled={record.isPending}>
                  {title} of {formatDollarsCents(asking.amount)}
                </Button>
              </DialogFooter>
            </>
          ) : (
            <form noValidate onSubmit={form.handleSubmit(setAsking)} className="flex flex-col gap-3">
              <DialogHeader>
                <DialogTitle>{title}</DialogTitle>
                <DialogDescription>Owed now: {formatDollarsCents(owedCents)}.</DialogDescription>
              </DialogHeader>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
                <Input inputMode="decimal" {...described('amount')} {...form.register('amount')} />
                <FieldError id={`${id}-amount-error`} message={errors.amount?.message} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-method`}>Method</Label>
                <NativeSelect {...described('method')} {...form.register('method')}>
                  {PAYMENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {PAYMENT_METHOD_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id={`${id}-method-error`} message={errors.method?.message} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-reference`}>Reference</Label>
                <Input {...described('reference')} {...form.register('reference')} />
                <FieldError id={`${id}-reference-error`} message={errors.reference?.message} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-paidOn`}>Date</Label>
                <Input type="date" {...described('paidOn')} {...form.register('paidOn')} />
                <FieldError id={`${id}-paidOn-error`} message={errors.paidOn?.message} />
              </div>
              {early && guaranteeEndsAt && (
                <div className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-reason`}>Reason for paying before the guarantee ends</Label>
                  <p className="text-xs text-muted-foreground" id={`${id}-reason-hint`}>
                    The buyer can claim until {dateLabel(guaranteeEndsAt)}. The reason is audited and shown on
                    the ledger line.
                  </p>
                  <Input {...described('reason')} {...form.register('reason')} />
                  <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
                </div>
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => show(false)}>
                  Cancel
                </Button>
                <Button type="submit">Continue</Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
