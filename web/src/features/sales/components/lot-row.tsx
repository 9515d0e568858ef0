import { NOT_ENOUGH_SALES } from '@domain/fieldlot-value';
import { tractorName } from '@domain/listings';
import { formatDollarsRounded } from '@domain/money';
import type { Lot } from '@domain/timed-sale-api';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { WatchButton } from '@/features/watchlist';
import { formatDateTime, formatDollars, formatHours, plural } from '@/lib/format';
import { BidPanel, IfPanel } from './bid-panel';

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

/** One lot of the run list (docs/product/timed-sale.md#the-run-list): its tractor, bids, close and value. */
export function LotRow({
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
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs font-semibold text-muted-foreground">Lot {lot.position + 1}</p>
              <Link to={`/tractor/${lot.listingId}`} className="block text-lg font-bold hover:underline">
                {name}
              </Link>
            </div>
            {/* Watching a lot is watching its tractor (decision 0084); never one's own dealership's. */}
            {signedIn && !lot.ownLot && <WatchButton listingId={lot.listingId} tractor={name} withLabel />}
          </div>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
            <span>{lot.grade ? `Grade ${lot.grade.toFixed(1)}` : 'Not graded'}</span>
            <span>{formatHours(lot.hours)}</span>
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3" aria-hidden="true" /> {lot.location}
            </span>
          </p>
          {(lot.currentBidCents !== null || lot.reserveMet !== null) && (
            <p className="text-sm" data-testid="lot-value">
              <span className="font-semibold">FieldLot Value: </span>
              {lot.value
                ? `${formatDollarsRounded(lot.value.valueCents)} (typical ${formatDollarsRounded(lot.value.lowCents)}–${formatDollarsRounded(lot.value.highCents)})`
                : NOT_ENOUGH_SALES}
            </p>
          )}
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
            <BidPanel
              lot={lot}
              saleId={saleId}
              name={name}
              open={open && now >= opensAt}
              opensLater={now < opensAt}
            />
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
