import { formatDollarsCents, parseDollarsToCents } from '@domain/money';
import {
  dateLabel,
  owedToBuyerAfterCancelCents,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PURCHASE_STATUS_LABELS,
  PURCHASE_STATUS_TONE,
  PURCHASE_STATUSES,
  type PurchaseAction,
} from '@domain/purchases';
import type { Purchase } from '@domain/purchases-api';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { ApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { localDateInput } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { type AdminStep, useAdminPurchases, useAdminStep, usePurchaseCounts } from '../api/purchases';
import { AdminLedger } from './admin-ledger';
import { ClaimCreditForm } from './claim-credit-form';
import { PurchaseProgress } from './purchase-progress';

/** Dashboard counts (docs/product/purchases.md#admin-purchases). */
export function PurchaseCounts() {
  const q = usePurchaseCounts();
  if (!q.data) return null;
  const items: Array<[string, number]> = [
    ['Awaiting payment', q.data.awaitingPayment],
    ['Overdue', q.data.overdue],
    ['To release', q.data.toRelease],
    ['Open claims', q.data.openClaims],
    ['Purchases in progress', q.data.inProgress],
  ];
  return (
    <ul
      className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:gap-3"
      aria-label="Purchases"
      data-testid="purchase-counts"
    >
      {items.map(([label, n]) => (
        // One short line on a phone (label, number), as the admin's count cards (docs/product/admin.md#count-cards).
        <li
          key={label}
          className="flex flex-row-reverse items-center justify-between gap-2 rounded-lg border border-border bg-card px-3 py-1 sm:block sm:p-3"
        >
          <p className="text-base font-bold tabular-nums sm:text-2xl">{n}</p>
          <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
        </li>
      ))}
    </ul>
  );
}

/** docs/product/purchases.md#admin-purchases: filters by status, overdue first, timeline and actions. */
export function AdminPurchasesTab() {
  const [status, setStatus] = useState('all');
  const q = useAdminPurchases(status);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 sm:max-w-xs">
        <Label htmlFor="purchase-status-filter">Status</Label>
        <NativeSelect id="purchase-status-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="all">All purchases</option>
          <option value="overdue">Overdue</option>
          {PURCHASE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PURCHASE_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <ErrorState message="Failed to load purchases" onRetry={() => q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState title="No purchases" description="Purchases appear here when an offer is accepted." />
      ) : (
        <ul className="flex flex-col gap-3">
          {q.data.map((p) => (
            <li key={p.id}>
              <AdminPurchaseRow purchase={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AdminPurchaseRow({ purchase: p }: { purchase: Purchase }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-4" data-testid="admin-purchase">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold">
            <span className="font-mono">{p.number}</span> · {p.tractor}
          </p>
          <p className="text-sm text-muted-foreground">
            {p.buyer.companyName} ({p.buyer.name}) ·{' '}
            {p.money.invoiced ? `balance ${formatDollarsCents(p.money.balanceCents)}` : 'no invoice yet'} ·
            due {dateLabel(p.dueDate)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {p.overdue && <Badge tone="red">Overdue</Badge>}
          <Badge tone={PURCHASE_STATUS_TONE[p.status]}>{PURCHASE_STATUS_LABELS[p.status]}</Badge>
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Close' : 'Open'} {p.number}
          </Button>
        </div>
      </div>
      {open && (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <PurchaseProgress purchase={p} readOnly />
          <Actions purchase={p} />
          <div className="min-w-0 lg:col-span-2">
            <AdminLedger purchase={p} />
          </div>
        </div>
      )}
    </Card>
  );
}

interface Field {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'select';
  options?: Array<[string, string]>;
  initial?: string;
}

/** One admin step: its fields, then a confirmation that says what happens (and the amount, when there is one). */
function Step({
  purchase,
  step,
  title,
  fields = [],
  confirm,
  body,
}: {
  purchase: Purchase;
  step: AdminStep;
  title: string;
  fields?: Field[];
  confirm: (v: Record<string, string>) => string;
  body?: (v: Record<string, string>) => unknown;
}) {
  const id = useId();
  const run = useAdminStep();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])),
  );
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per attempt, kept through a refusal or a lost answer (the money is then recorded once), new once done.
  const [key, setKey] = useState(newIdempotencyKey);
  // mutateAsync: the refetch after a step usually removes this step's form, and mutate's per-call callbacks are
  // dropped once the component is gone; the toast must still say it.
  const go = () =>
    run.mutateAsync({ id: purchase.id, step, body: body ? body(values) : values, idempotencyKey: key }).then(
      () => {
        toast.success(`${title}: done`);
        setAsking(false);
        setErrors({});
        setKey(newIdempotencyKey());
      },
      (e: unknown) => {
        setAsking(false);
        setErrors(serverFieldErrors(e) ?? {});
        toast.error(e instanceof ApiError ? e.message : `${title} failed`);
      },
    );
  return (
    <form
      aria-label={title}
      className="flex flex-col gap-2 rounded-md border border-border p-3"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <p className="text-sm font-semibold">{title}</p>
      {fields.map((f) => (
        <div key={f.name} className="flex flex-col gap-1">
          <Label htmlFor={`${id}-${f.name}`}>{f.label}</Label>
          {f.type === 'select' ? (
            <NativeSelect
              id={`${id}-${f.name}`}
              value={values[f.name]}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            >
              {f.options?.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              id={`${id}-${f.name}`}
              type={f.type ?? 'text'}
              value={values[f.name]}
              aria-invalid={!!errors[f.name]}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          )}
          <FieldError message={errors[f.name]} />
        </div>
      ))}
      <Button type="submit" variant="outline" className="self-start" disabled={run.isPending}>
        {title}
      </Button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {title}: {purchase.number}?
            </DialogTitle>
            <DialogDescription>{confirm(values)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button onClick={go} disabled={run.isPending}>
              Confirm
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}

const todayIso = () => localDateInput(new Date());

/** A typed amount as money ("$100,000.00"); as typed when it is not one (the server then says why). */
function amountText(typed: string): string {
  const cents = parseDollarsToCents(typed);
  return cents === null ? `$${typed}` : formatDollarsCents(cents);
}

/** Cancelling records no refund (docs/product/purchases.md#cancel-and-return): say what the buyer is then owed. */
function owedAfterCancel(p: Purchase): string {
  const paid = owedToBuyerAfterCancelCents(p.money);
  return paid > 0
    ? `FieldLot then owes the buyer ${formatDollarsCents(paid)}: record the refund when it is sent.`
    : '';
}

/** The steps the server offers (purchase.actions, domain purchaseActionsFor): the screen decides nothing itself. */
function Actions({ purchase: p }: { purchase: Purchase }) {
  const can = (a: PurchaseAction) => p.actions.includes(a);
  const handover = can('deliver') ? 'delivered' : can('pickup') ? 'picked-up' : null;
  const who = `${p.buyer.companyName}, ${p.tractor}`;
  return (
    <div className="flex flex-col gap-3" data-testid="purchase-actions">
      {can('pay') && p.money.invoiced && (
        <Step
          key="Record payment"
          purchase={p}
          step="payments"
          title="Record payment"
          fields={[
            { name: 'amount', label: 'Amount ($)', initial: (p.money.balanceCents / 100).toFixed(2) },
            {
              name: 'method',
              label: 'Method',
              type: 'select',
              options: PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]]),
              initial: 'wire',
            },
            { name: 'reference', label: 'Reference' },
            { name: 'paidOn', label: 'Date received', type: 'date', initial: todayIso() },
          ]}
          confirm={(v) =>
            `Record a payment of ${amountText(v.amount)} from ${who}. The balance is ${formatDollarsCents(p.money.balanceCents)}.`
          }
          body={(v) => ({ ...v, expectedBalanceCents: p.money.balanceDueCents })}
        />
      )}
      {can('release') && (
        <Step
          key="Release (gate pass)"
          purchase={p}
          step="release"
          title="Release (gate pass)"
          confirm={() => `Issue the gate pass with a release code to ${who}. The dealer is told at once.`}
        />
      )}
      {can('record_transport') && (
        <Step
          key="Record transport"
          purchase={p}
          step="logistics"
          title="Record transport"
          fields={[
            { name: 'carrier', label: 'Carrier', initial: p.carrier ?? '' },
            { name: 'pickupDate', label: 'Pickup date', type: 'date', initial: p.pickupDate ?? '' },
            { name: 'deliveryDate', label: 'Delivery date', type: 'date', initial: p.deliveryDate ?? '' },
          ]}
          confirm={(v) => `Save carrier ${v.carrier || '(none)'} and the dates; the dealer sees them.`}
          body={(v) => ({
            carrier: v.carrier,
            pickupDate: v.pickupDate || null,
            deliveryDate: v.deliveryDate || null,
          })}
        />
      )}
      {handover && (
        <Step
          purchase={p}
          key={handover}
          step={handover}
          title={handover === 'delivered' ? 'Record delivery' : 'Record pickup'}
          fields={[{ name: 'date', label: 'Date', type: 'date', initial: todayIso() }]}
          confirm={() => 'The inspection guarantee window starts now.'}
        />
      )}
      {can('receive_title') && (
        <Step
          key="Title received from the seller"
          purchase={p}
          step="title-received"
          title="Title received from the seller"
          fields={[{ name: 'date', label: 'Date', type: 'date', initial: todayIso() }]}
          confirm={() => 'Record the title as received from the seller.'}
        />
      )}
      {can('send_title') && (
        <Step
          key="Title sent to the dealer"
          purchase={p}
          step="title-sent"
          title="Title sent to the dealer"
          fields={[
            { name: 'carrier', label: 'Carrier' },
            { name: 'trackingNumber', label: 'Tracking number' },
          ]}
          confirm={(v) => `Record the title as sent by ${v.carrier}, tracking ${v.trackingNumber}.`}
        />
      )}
      {can('complete') && (
        <Step
          key="Complete"
          purchase={p}
          step="complete"
          title="Complete"
          confirm={() => `Close ${p.number} as complete.`}
        />
      )}
      {can('resolve_claim') && (
        <>
          <ClaimCreditForm key="Answer claim: credit" purchase={p} />
          {can('return') && (
            <Step
              key="Answer claim: cancel and return"
              purchase={p}
              step="claim-answer"
              title="Answer claim: cancel and return"
              fields={[{ name: 'reason', label: 'Reason' }]}
              confirm={() =>
                `Cancel ${p.number} and put the tractor back to inactive for re-inspection. ${owedAfterCancel(p)}`.trim()
              }
              body={(v) => ({ answer: 'return', reason: v.reason })}
            />
          )}
          <Step
            key="Answer claim: deny"
            purchase={p}
            step="claim-answer"
            title="Answer claim: deny"
            fields={[{ name: 'reason', label: 'Reason' }]}
            confirm={() => 'Deny the claim; the dealer is told the reason.'}
            body={(v) => ({ answer: 'deny', reason: v.reason })}
          />
        </>
      )}
      {can('cancel') && (
        <Step
          key="Cancel purchase"
          purchase={p}
          step="cancel"
          title="Cancel purchase"
          fields={[{ name: 'reason', label: 'Reason' }]}
          confirm={() =>
            `Cancel ${p.number} for ${p.buyer.companyName}. The tractor goes back to inactive. ${owedAfterCancel(p)}`.trim()
          }
        />
      )}
    </div>
  );
}
