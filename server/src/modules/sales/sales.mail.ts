import { formatDollars } from '../../../../domain/money.js';
import { defineTemplate, layout } from '../mail/index.js';

export type SaleNoticeKind =
  | 'outbid'
  | 'won'
  | 'lost'
  | 'if_seller'
  | 'if_accepted'
  | 'if_declined'
  | 'if_bidder';

export interface SaleNoticePayload extends Record<string, unknown> {
  kind: SaleNoticeKind;
  saleId: string;
  lotId: string;
  saleName: string;
  tractor: string;
  name: string;
  priceCents: number | null;
}

const TITLES: Record<SaleNoticeKind, string> = {
  outbid: 'You were outbid',
  won: 'You won the lot',
  lost: 'The lot closed: another dealer won it',
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
    ['Tractor', p.tractor],
  ];
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
  return { subject: `${title}: ${p.tractor}`, html, text };
});
