import { OFFER_STATUS_TONE, type OfferStatus, type OfferType } from '@domain/offers';
import { Badge } from '@/components/ui/badge';

const STATUS_LABEL: Record<OfferStatus, string> = {
  pending: 'Pending',
  countered: 'Countered',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
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
