import { tractorName } from '@domain/listings';
import type { Lot } from '@domain/timed-sale-api';
import { Gavel, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '@/components/layout/app-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DealConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useSession } from '@/features/auth';
import { formatDateTime, formatDollars, formatHours, plural } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';
import '../api/live';
import { serverNow, useAnswerIf, useBid, useRunList } from '../api/sales';

/** The server's clock, ticking (docs/product/timed-sale.md#the-clock). */
function useServerNow(everyMs = 500): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** "2:05 left", "1:02:05 left", "Closed". */
function timeLeft(ms: number): string {
  if (ms <= 0) return 'Closed';
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec} left` : `${m}:${sec} left`;
}

const RESULT: Record<Exclude<Lot['status'], 'open'>, string> = {
  sold: 'Sold',
  if_pending: 'Closed under the reserve: the seller decides within 24 hours',
  if_accepted: 'Sold (the seller accepted the high bid)',
  unsold: 'Closed: not sold',
};

/** docs/product/timed-sale.md#the-run-list: every lot with its close, live. */
export function RunListPage() {
  const { id = '' } = useParams();
  const { isApproved } = useSession();
  useLiveEvents(isApproved);
  const query = useRunList(id);
  const now = useServerNow();
  return (
    <Page className="space-y-6">
      {query.isPending ? (
        <LoadingState text="Loading the run list..." />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <>
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight">{query.data.sale.name}</h1>
            <p className="text-muted-foreground">
              Starts {formatDateTime(query.data.sale.startsAt)} · one lot closes every{' '}
              {query.data.sale.intervalSeconds % 60
                ? `${query.data.sale.intervalSeconds} seconds`
                : plural(query.data.sale.intervalSeconds / 60, 'minute')}
            </p>
          </div>
          {query.data.lots.length === 0 ? (
            <EmptyState
              icon={<Gavel className="size-10 text-muted-foreground" aria-hidden="true" />}
              title="No lots yet"
              description="Dealers put their tractors into the sale from My Listings."
            />
          ) : (
            <ol className="space-y-3" aria-label="Run list">
              {query.data.lots.map((lot) => (
                <LotRow key={lot.id} lot={lot} saleId={id} now={now} signedIn={isApproved} />
              ))}
            </ol>
          )}
        </>
      )}
    </Page>
  );
}

function LotRow({
  lot,
  saleId,
  now,
  signedIn,
}: {
  lot: Lot;
  saleId: string;
  now: number;
  signedIn: boolean;
}) {
  const name = tractorName(lot);
  const closesAt = new Date(lot.closesAt).getTime();
  const opensAt = new Date(lot.opensAt).getTime();
  const open = lot.status === 'open' && now < closesAt;
  return (
    <li>
      <Card
        className="flex flex-col gap-3 p-4 md:flex-row"
        data-testid="lot"
        aria-label={`Lot ${lot.position + 1}: ${name}`}
      >
        {lot.image ? (
          <img
            src={lot.image.src}
            srcSet={lot.image.srcSet}
            sizes="(min-width: 768px) 12rem, 100vw"
            alt=""
            width={lot.image.width}
            height={lot.image.height}
            className="aspect-[4/3] w-full rounded-md object-cover md:w-48"
          />
        ) : (
          <div className="aspect-[4/3] w-full rounded-md bg-muted md:w-48" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-xs font-semibold text-muted-foreground">Lot {lot.position + 1}</p>
          <Link to={`/tractor/${lot.listingId}`} className="block text-lg font-bold hover:underline">
            {name}
          </Link>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <span>{lot.grade ? `Grade ${lot.grade.toFixed(1)}` : 'Not graded'}</span>
            <span>{formatHours(lot.hours)}</span>
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3" aria-hidden="true" /> {lot.location}
            </span>
          </p>
          {lot.currentBidCents !== null || lot.reserveMet !== null ? (
            <p className="flex flex-wrap items-center gap-2">
              <span className="text-xl font-extrabold" data-testid="current-bid">
                {lot.currentBidCents === null ? 'No bids yet' : formatDollars(lot.currentBidCents)}
              </span>
              <span className="text-sm text-muted-foreground">{plural(lot.bidCount, 'bid')}</span>
              {lot.bidCount > 0 && (
                <Badge tone={lot.reserveMet ? 'green' : 'yellow'}>
                  {lot.reserveMet ? 'Reserve met' : 'Reserve not met'}
                </Badge>
              )}
              {lot.youLead && (
                <Badge tone="blue">
                  You lead
                  {lot.yourMaxCents !== null ? ` · your maximum ${formatDollars(lot.yourMaxCents)}` : ''}
                </Badge>
              )}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {plural(lot.bidCount, 'bid')} ·{' '}
              <Link to="/apply" className="underline">
                Apply as a dealer
              </Link>{' '}
              to see prices and bid
            </p>
          )}
          <p className="text-sm">
            Closes {formatDateTime(lot.closesAt)} ·{' '}
            <span className="font-semibold" data-testid="time-left" aria-live="off">
              {lot.status === 'open' ? timeLeft(closesAt - now) : RESULT[lot.status]}
            </span>
          </p>
        </div>
        <div className="md:w-72">
          {signedIn && lot.status === 'open' && !lot.ownLot && lot.nextBidCents !== null && (
            <BidPanel lot={lot} saleId={saleId} name={name} open={open && now >= opensAt} />
          )}
          {lot.ownLot && lot.status === 'if_pending' && <IfPanel lot={lot} saleId={saleId} />}
          {lot.ownLot && lot.status === 'open' && (
            <p className="text-sm text-muted-foreground">Your dealership's lot: no bids from your team.</p>
          )}
        </div>
      </Card>
    </li>
  );
}

function BidPanel({ lot, saleId, name, open }: { lot: Lot; saleId: string; name: string; open: boolean }) {
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
  if (!open) return <p className="text-sm text-muted-foreground">Bidding is closed for this lot.</p>;
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

function IfPanel({ lot, saleId }: { lot: Lot; saleId: string }) {
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
