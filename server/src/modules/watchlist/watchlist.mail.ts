import { WATCH_NOTICE_TEXT, type WatchNoticeKind } from '../../../../domain/dealer-tools.js';
import { formatDollars } from '../../../../domain/money.js';
import { defineTemplate, layout } from '../mail/index.js';

export interface WatchNoticePayload extends Record<string, unknown> {
  kind: WatchNoticeKind;
  listingId: string;
  tractor: string;
  name: string;
  oldPriceCents?: number;
  newPriceCents?: number;
  grade?: string;
}

/** docs/product/dealer-tools.md#watchlist: to each watcher of a tractor when its price drops, its report changes, it sells. */
export const WATCH_NOTICE = defineTemplate('watchlist-notice', (p: WatchNoticePayload, env) => {
  const title = WATCH_NOTICE_TEXT[p.kind];
  const facts: Array<[string, string]> = [['Tractor', p.tractor]];
  let line: string;
  if (p.kind === 'price_drop') {
    line = `The asking price of ${p.tractor} went down.`;
    if (p.oldPriceCents !== undefined) facts.push(['Price before', formatDollars(p.oldPriceCents)]);
    if (p.newPriceCents !== undefined) facts.push(['Price now', formatDollars(p.newPriceCents)]);
  } else if (p.kind === 'report_changed') {
    line = `The condition report of ${p.tractor} was revised by our inspector.`;
    if (p.grade) facts.push(['Grade now', p.grade]);
  } else {
    line = `${p.tractor} was sold. It stays on your watchlist, marked Sold.`;
  }
  const { html, text } = layout(
    {
      title,
      paragraphs: [`Hello ${p.name},`, line],
      facts,
      cta: {
        label: p.kind === 'sold' ? 'Open your watchlist' : 'See the tractor',
        url: p.kind === 'sold' ? `${env.publicUrl}/watchlist` : `${env.publicUrl}/tractor/${p.listingId}`,
      },
    },
    env,
  );
  return { subject: `${title}: ${p.tractor}`, html, text };
});
