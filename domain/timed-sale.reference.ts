/**
 * The Timed Sale's reference model, for the model-based tests only (domain/timed-sale.test.ts and the API's):
 * written apart from the engine in domain/timed-sale.ts, it keeps every bidder's maximum with the moment it was
 * set and ranks them (highest, then earliest) after each command (docs/product/timed-sale.md#bidding).
 */
import type { BidCommand } from './timed-sale';

export class ReferenceLot {
  maxima = new Map<string, { cents: number; seq: number }>();
  price: number | null = null;
  leader: string | null = null;
  closesAt: number;
  seq = 0;
  constructor(
    readonly opensAt: number,
    closesAt: number,
    readonly reserve: number | null,
  ) {
    this.closesAt = closesAt;
  }
  static step(price: number): number {
    if (price < 1_000_000) return 10_000;
    if (price < 2_500_000) return 25_000;
    if (price < 10_000_000) return 50_000;
    return 100_000;
  }
  /** true when accepted. */
  apply(c: BidCommand): boolean {
    if (c.at >= this.closesAt || c.at < this.opensAt || c.ownLot) return false;
    if (c.amountCents % 100 !== 0 || c.amountCents <= 0) return false;
    if (c.limitCents != null && c.amountCents > c.limitCents) return false;
    const before = { price: this.price, leader: this.leader };
    if (this.leader === c.bidderId) {
      const mine = this.maxima.get(c.bidderId)?.cents ?? 0;
      if (c.kind === 'bid' || c.amountCents <= mine) return false;
      this.maxima.set(c.bidderId, { cents: c.amountCents, seq: this.seq++ });
    } else {
      const least = this.price === null ? 10_000 : this.price + ReferenceLot.step(this.price);
      if (c.amountCents < least) return false;
      this.maxima.set(c.bidderId, { cents: c.amountCents, seq: this.seq++ });
      const ranked = [...this.maxima.entries()].sort(
        (x, y) => y[1].cents - x[1].cents || x[1].seq - y[1].seq,
      );
      const [top, runner] = ranked;
      this.leader = top[0];
      this.price =
        runner === undefined
          ? least
          : Math.min(top[1].cents, runner[1].cents + ReferenceLot.step(runner[1].cents));
    }
    const leaderMax = this.maxima.get(this.leader as string)?.cents ?? 0;
    if (this.reserve !== null && (this.price as number) < this.reserve && leaderMax >= this.reserve)
      this.price = this.reserve;
    if ((before.price !== this.price || before.leader !== this.leader) && this.closesAt - c.at < 180_000)
      this.closesAt = c.at + 180_000;
    return true;
  }
}
