import { formatDollars } from '../../../../domain/money.js';
import { defineTemplate, layout } from '../mail/index.js';

export type SaleNoticeKind =
  | 'outbid'
  | 'won'
  | 'lost'
  | 'lost_if'
  | 'starting'
  | 'if_seller'
  | 'if_accepted'
  | 'if_declined'
  | 'if_bidder';

export interface SaleNoticePayload extends Record<string, unknown> {
  kind: SaleNoticeKind;
  saleId: string;
  /** Empty for the notice of the whole sale ("starting"). */
  lotId: string;
  saleName: string;
  /** The lot's tractor; for "starting", the watched lots' tractors. */
  tractor: string;
  name: string;
  priceCents: number | null;
  /** "starting": when the sale starts, written in the sale's time zone ("12/08/2026, 10:00 AM CST"). */
  startsAt?: string;
}

const TITLES: Record<SaleNoticeKind, string> = {
  outbid: 'You were outbid',
  won: 'You won the lot',
  lost: 'The lot closed: another dealer won it',
  lost_if: 'The lot closed under the reserve with another dealer as the high bidder',
  starting: 'Sale starting in an hour',
  if_seller: 'The high bid is under your reserve: accept it within 24 hours?',
  if_bidder: 'Your high bid is under the reserve: the seller has 24 hours to accept it',
  if_accepted: 'The seller accepted your high bid',
  if_declined: 'The seller let the high bid go',
};

/** docs/product/timed-sale.md#notices: one template for every notice of a lot. */
export const SALE_NOTICE = defineTemplate('timed-sale-notice', (p: SaleNoticePayload, env) => {
  const title = TITLES[p.kind];
  const facts: Array<[string, string]> = [
    ['Sale', p.saleName],
    [p.kind === 'starting' ? 'Lots you watch' : 'Tractor', p.tractor],
  ];
  if (p.startsAt) facts.push(['Starts', p.startsAt]);
  if (p.priceCents !== null)
    facts.push([p.kind === 'outbid' ? 'Current bid' : 'High bid', formatDollars(p.priceCents)]);
  const { html, text } = layout(
    {
      title,
      paragraphs: [`Hello ${p.name},`, `${title}.`],
      facts,
      cta: { label: 'Open the sale', url: `${env.publicUrl}/sales/${p.saleId}` },
    },
    env,
  );
  return {
    subject: p.kind === 'starting' ? `${title}: ${p.saleName}` : `${title}: ${p.tractor}`,
    html,
    text,
  };
});
