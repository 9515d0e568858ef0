/**
 * The weekly Timed Sale's rules (docs/product/timed-sale.md): the increment table, the maximum-bid engine, the
 * soft close, the run list's close times and the bidders' aliases. Pure: the server runs `placeBid` inside the
 * transaction that holds the lot's row, the web uses the same functions to name the next bid.
 */
import { offerLimitText } from './dealerships';
import { formatDollars } from './money';

/** One increment table (docs/product/timed-sale.md#increments): [price below, increment], the last for any price. */
export const INCREMENTS: ReadonlyArray<readonly [number, number]> = [
  [10_000_00, 100_00],
  [25_000_00, 250_00],
  [100_000_00, 500_00],
  [Number.POSITIVE_INFINITY, 1_000_00],
];

/** The first bid on a lot is at least this. */
export const OPENING_BID_CENTS = 100_00;
/** No bid or maximum above this (a typing slip, not a tractor's price). */
export const MAX_BID_CENTS = 10_000_000_00;
/** A bid in the last 3 minutes extends the lot to 3 minutes after the bid (docs/product/timed-sale.md#the-close). */
export const SOFT_CLOSE_MS = 3 * 60_000;
/** One lot closes every minute by default; an admin may choose 30 s to 5 min. */
export const LOT_INTERVAL_DEFAULT_SECONDS = 60;
export const LOT_INTERVAL_MIN_SECONDS = 30;
export const LOT_INTERVAL_MAX_SECONDS = 300;
/** Dealers watching a lot hear that its sale starts within this time (docs/product/timed-sale.md#notices). */
export const STARTING_NOTICE_MS = 60 * 60_000;
/**
 * The admin's report of bidders who bid far more than they win (docs/product/timed-sale.md#rules-against-games):
 * on one seller's closed lots, at least this many bids across at least this many lots, and under this share won.
 */
export const BID_REPORT_RULE = { minBids: 10, minLots: 3, maxWinShare: 0.1 } as const;
/** The seller's time to accept a high bid under the reserve (an "if" sale). */
export const IF_SALE_HOURS = 24;

export function incrementCents(priceCents: number): number {
  for (const [below, step] of INCREMENTS) if (priceCents < below) return step;
  return INCREMENTS[INCREMENTS.length - 1][1];
}

/** Close time of each lot in run-list order: the first close, then one every interval. */
export function lotCloseTimes(firstCloseMs: number, intervalSeconds: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => firstCloseMs + i * intervalSeconds * 1000);
}

export interface LotState {
  opensAt: number;
  closesAt: number;
  /** The seller's floor price; null: no reserve. */
  reserveCents: number | null;
  /** The current bid; null before the first. */
  priceCents: number | null;
  leaderId: string | null;
  /** The leader's maximum (never shown to anyone else). */
  leaderMaxCents: number | null;
  /** Accepted bids and maxima. */
  bidCount: number;
  /** Bidders in the order of their first bid: "Bidder 1" is the first. */
  bidders: string[];
}

export type BidKind = 'bid' | 'max';

export interface BidCommand {
  bidderId: string;
  kind: BidKind;
  amountCents: number;
  at: number;
  /** The bidder's dealership sells this lot (the seller, a teammate). */
  ownLot?: boolean;
  /** The bidder's team limit; null: none. */
  limitCents?: number | null;
}

export type BidRefusal =
  | { code: 'closed'; closedAt: number }
  | { code: 'not_open'; opensAt: number }
  | { code: 'own_lot' }
  | { code: 'below_next'; nextCents: number }
  | { code: 'already_leading' }
  | { code: 'max_lowered'; maxCents: number }
  | { code: 'over_limit'; limitCents: number }
  | { code: 'bad_amount' };

export type BidOutcome =
  | { ok: true; state: LotState; extended: boolean; outbidId: string | null }
  | { ok: false; refusal: BidRefusal };

/** The least a bidder who is not leading may bid now. */
export function nextBidCents(state: Pick<LotState, 'priceCents'>): number {
  return state.priceCents === null ? OPENING_BID_CENTS : state.priceCents + incrementCents(state.priceCents);
}

export function reserveMet(state: Pick<LotState, 'priceCents' | 'reserveCents'>): boolean {
  if (state.priceCents === null) return false;
  return state.reserveCents === null || state.priceCents >= state.reserveCents;
}

export function isClosed(state: Pick<LotState, 'closesAt'>, at: number): boolean {
  return at >= state.closesAt;
}

/** Raises the price to the reserve when the leader's maximum covers it: the maximum bids as far as needed to win. */
function withReserve(price: number, leaderMax: number, reserve: number | null): number {
  if (reserve !== null && price < reserve && leaderMax >= reserve) return reserve;
  return price;
}

/**
 * The engine (docs/product/timed-sale.md#bidding): a bid or a maximum against the lot's state. A "Bid $X" is a
 * maximum of X. The leader never outbids himself: he may only raise his maximum, which moves the price only to
 * meet the reserve. A challenger's maximum above the leader's takes the lead at one increment over the old
 * maximum (at most his own); at or under it, the leader's maximum answers up to one increment over the
 * challenger's (at most the leader's own): a tie goes to the earlier maximum, the leader's.
 */
export function placeBid(state: LotState, cmd: BidCommand): BidOutcome {
  const refuse = (refusal: BidRefusal): BidOutcome => ({ ok: false, refusal });
  if (cmd.at >= state.closesAt) return refuse({ code: 'closed', closedAt: state.closesAt });
  if (cmd.at < state.opensAt) return refuse({ code: 'not_open', opensAt: state.opensAt });
  if (cmd.ownLot) return refuse({ code: 'own_lot' });
  const amount = cmd.amountCents;
  if (!Number.isSafeInteger(amount) || amount % 100 !== 0 || amount <= 0 || amount > MAX_BID_CENTS)
    return refuse({ code: 'bad_amount' });
  if (cmd.limitCents != null && amount > cmd.limitCents)
    return refuse({ code: 'over_limit', limitCents: cmd.limitCents });

  const bidders = state.bidders.includes(cmd.bidderId) ? state.bidders : [...state.bidders, cmd.bidderId];
  const reserve = state.reserveCents;
  let next: LotState;
  let outbidId: string | null = null;

  if (state.leaderId === cmd.bidderId && state.leaderMaxCents !== null && state.priceCents !== null) {
    if (cmd.kind === 'bid') return refuse({ code: 'already_leading' });
    if (amount <= state.leaderMaxCents)
      return refuse({ code: 'max_lowered', maxCents: state.leaderMaxCents });
    next = {
      ...state,
      leaderMaxCents: amount,
      priceCents: withReserve(state.priceCents, amount, reserve),
      bidCount: state.bidCount + 1,
    };
  } else {
    const least = nextBidCents(state);
    if (amount < least) return refuse({ code: 'below_next', nextCents: least });
    if (state.leaderId === null || state.leaderMaxCents === null) {
      next = {
        ...state,
        leaderId: cmd.bidderId,
        leaderMaxCents: amount,
        priceCents: withReserve(least, amount, reserve),
      };
    } else if (amount > state.leaderMaxCents) {
      const old = state.leaderMaxCents;
      outbidId = state.leaderId;
      next = {
        ...state,
        leaderId: cmd.bidderId,
        leaderMaxCents: amount,
        priceCents: withReserve(Math.min(amount, old + incrementCents(old)), amount, reserve),
      };
    } else {
      const max = state.leaderMaxCents;
      next = {
        ...state,
        priceCents: withReserve(Math.min(max, amount + incrementCents(amount)), max, reserve),
      };
    }
    next.bidCount = state.bidCount + 1;
  }
  next.bidders = bidders;
  // Soft close: a bid that moves the price in the last 3 minutes keeps the lot open 3 minutes after it.
  const moved = next.priceCents !== state.priceCents || next.leaderId !== state.leaderId;
  const extended = moved && state.closesAt - cmd.at < SOFT_CLOSE_MS;
  if (extended) next.closesAt = cmd.at + SOFT_CLOSE_MS;
  return { ok: true, state: next, extended, outbidId };
}

/** "Bidder 2", or "You" for the viewer; stable per lot (the order of first bids). */
export function bidderAlias(bidders: readonly string[], bidderId: string, viewerId?: string | null): string {
  if (viewerId && bidderId === viewerId) return 'You';
  const i = bidders.indexOf(bidderId);
  return i < 0 ? 'Bidder' : `Bidder ${i + 1}`;
}

/** "10:14:00" in the given zone (the dealer's, else the sale's): the hour on a 24-hour clock. */
export function clockTime(ms: number, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * "12/08/2026, 10:00 AM CST": an instant in the sale's zone, in the style of the screens' dates (formatDateTime),
 * with the zone named, for e-mails, which cannot know the reader's zone.
 */
export function saleDateTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')}, ${get('hour')}:${get('minute')} ${get('dayPeriod')} ${get('timeZoneName')}`;
}

/** The refusal's words (docs/product/timed-sale.md#refusals). */
export function bidRefusalText(r: BidRefusal, timeZone = 'UTC'): string {
  switch (r.code) {
    case 'closed':
      return `This lot closed at ${clockTime(r.closedAt, timeZone)}`;
    case 'not_open':
      return `Bidding opens at ${clockTime(r.opensAt, timeZone)}`;
    case 'own_lot':
      return "You cannot bid on your own dealership's lot";
    case 'below_next':
      return `The next bid is at least ${formatDollars(r.nextCents)}`;
    case 'already_leading':
      return 'You are the high bidder already; you can raise your maximum bid instead';
    case 'max_lowered':
      return `Your maximum bid is ${formatDollars(r.maxCents)}; a maximum can be raised, never lowered`;
    case 'over_limit':
      return offerLimitText(r.limitCents);
    case 'bad_amount':
      return 'Enter a whole dollar amount, like 12,500';
  }
}

/**
 * A lot's stages (docs/product/timed-sale.md#the-close): open until its close; then sold (reserve met: the
 * purchase opened), if (a high bid under the reserve, the seller's 24 h to accept it), if-accepted (sold that
 * way) or unsold (no bid, or the "if" let go or run out: the tractor back in the inventory).
 */
export const LOT_STATUSES = ['open', 'sold', 'if_pending', 'if_accepted', 'unsold'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
