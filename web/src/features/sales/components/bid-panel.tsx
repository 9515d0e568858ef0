import type { Lot } from '@domain/timed-sale-api';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DealConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { formatDateTime, formatDollars } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { useAnswerIf, useBid } from '../api/sales';

/** "Bid $X" and "Set a maximum bid" (docs/product/timed-sale.md#bidding); each asks first, naming the amount. */
export function BidPanel({
  lot,
  saleId,
  name,
  open,
  opensLater,
}: {
  lot: Lot;
  saleId: string;
  name: string;
  open: boolean;
  /** Before the sale starts: bidding has not opened yet, it is not closed. */
  opensLater: boolean;
}) {
  const bid = useBid(saleId);
  const [confirm, setConfirm] = useState<{ kind: 'bid' | 'max'; cents: number } | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [maxText, setMaxText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const next = lot.nextBidCents ?? 0;
  const send = (kind: 'bid' | 'max', cents: number) =>
    bid.mutate(
      { lotId: lot.id, body: { kind, amount: cents / 100 }, idempotencyKey: key },
      {
        onSuccess: (a) => {
          setKey(newIdempotencyKey());
          setMaxText('');
          setError(undefined);
          toast.success(
            a.lot.youLead ? 'You are the high bidder' : 'Your bid is in, but another maximum is higher',
          );
        },
        onError: (err) => {
          setKey(newIdempotencyKey());
          setError(err.message);
        },
      },
    );
  if (!open)
    return (
      <p className="text-sm text-muted-foreground">
        {opensLater ? `Bidding opens ${formatDateTime(lot.opensAt)}.` : 'Bidding is closed for this lot.'}
      </p>
    );
  return (
    <div className="space-y-2">
      {!lot.youLead && (
        <Button
          className="w-full"
          onClick={() => setConfirm({ kind: 'bid', cents: next })}
          disabled={bid.isPending}
        >
          Bid {formatDollars(next)}
        </Button>
      )}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const cents = Math.round(Number(maxText.replace(/[$,\s]/g, '')) * 100);
          if (!Number.isFinite(cents) || cents <= 0) {
            setError('Enter a whole dollar amount, like 12,500');
            return;
          }
          setConfirm({ kind: 'max', cents });
        }}
      >
        <Label htmlFor={`max-${lot.id}`} className="sr-only">
          Maximum bid for {name}
        </Label>
        <Input
          id={`max-${lot.id}`}
          inputMode="numeric"
          placeholder={formatDollars(
            lot.youLead && lot.yourMaxCents ? lot.yourMaxCents + next - (lot.currentBidCents ?? 0) : next,
          )}
          value={maxText}
          onChange={(e) => setMaxText(e.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={bid.isPending}>
          Set a maximum bid
        </Button>
      </form>
      <FieldError message={error} />
      {confirm && (
        <DealConfirmDialog
          open
          onOpenChange={(o) => !o && setConfirm(null)}
          title={
            confirm.kind === 'bid'
              ? `Bid ${formatDollars(confirm.cents)}?`
              : `Set a maximum bid of ${formatDollars(confirm.cents)}?`
          }
          description={
            confirm.kind === 'bid'
              ? 'This bid binds: if it wins, you buy the tractor at this price plus the buyer fee.'
              : 'Your maximum bids for you only as far as needed to lead. If it wins, you pay the winning bid plus the buyer fee, never more than shown here.'
          }
          tractor={name}
          amountCents={confirm.cents}
          confirmLabel={confirm.kind === 'bid' ? `Bid ${formatDollars(confirm.cents)}` : 'Set my maximum'}
          onConfirm={() => {
            send(confirm.kind, confirm.cents);
            setConfirm(null);
          }}
        />
      )}
    </div>
  );
}

/** The seller's "if" answer (docs/product/timed-sale.md#the-close). */
export function IfPanel({ lot, saleId }: { lot: Lot; saleId: string }) {
  const answer = useAnswerIf(saleId);
  const decide = (accept: boolean) =>
    answer.mutate(
      { lotId: lot.id, accept },
      {
        onSuccess: () => toast.success(accept ? 'High bid accepted: the tractor is sold' : 'High bid let go'),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <div className="space-y-2">
      <p className="text-sm">
        The high bid of {formatDollars(lot.currentBidCents ?? 0)} is under your reserve. Accept it by{' '}
        {lot.ifDeadline ? formatDateTime(lot.ifDeadline) : 'tomorrow'}?
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => decide(true)} disabled={answer.isPending}>
          Accept the high bid
        </Button>
        <Button size="sm" variant="outline" onClick={() => decide(false)} disabled={answer.isPending}>
          Let it go
        </Button>
      </div>
    </div>
  );
}
