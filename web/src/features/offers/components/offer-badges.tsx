import {
  formatOfferTimeLeft,
  isOpenOffer,
  OFFER_STATUS_TONE,
  type OfferStatus,
  type OfferType,
} from '@domain/offers';
import { Badge } from '@/components/ui/badge';
import { useNow } from '@/lib/now';

const STATUS_LABEL: Record<OfferStatus, string> = {
  pending: 'Pending',
  countered: 'Countered',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
  expired: 'Expired',
  returned: 'Sale cancelled',
};

/** docs/product/offers.md#status-machine colours (yellow, blue, green, red, grey), always with the status as text. */
export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge tone={OFFER_STATUS_TONE[status]} data-testid="offer-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export function OfferTypeBadge({ type }: { type: OfferType }) {
  return (
    <Badge tone={type === 'buy_now' ? 'brand' : 'grey'}>{type === 'buy_now' ? 'Buy Now' : 'Offer'}</Badge>
  );
}

/**
 * "expires in 5 h" on an open offer or counter (docs/product/dealer-tools.md#offers-that-expire); the
 * badge turns Expired when the server's sweep has run. Nothing for closed offers.
 */
export function OfferTimeLeft({ status, expiresAt }: { status: OfferStatus; expiresAt: string | null }) {
  const now = useNow();
  if (!expiresAt || !isOpenOffer(status)) return null;
  return (
    <span className="text-sm font-medium text-muted-foreground" data-testid="offer-time-left">
      {formatOfferTimeLeft(expiresAt, now)}
    </span>
  );
}
