import { tractorName } from '../../../../domain/listings.js';
import { formatDollars, formatHours } from '../../../../domain/money.js';
import { WANT_ANSWER_LABELS } from '../../../../domain/want-lists.js';
import { defineTemplate, layout, type MailEnv } from '../mail/index.js';

const unsubscribeUrl = (env: MailEnv, token: string) =>
  `${env.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

export interface WantListingAlertPayload extends Record<string, unknown> {
  name: string;
  wants: string;
  listing: {
    id: string;
    make: string;
    model: string;
    year: number;
    hours: number;
    priceCents: number;
    location: string;
  };
  unsubscribeToken: string;
}

/** docs/product/want-lists.md#new-listings: once per (want-list, listing). */
export const WANT_LISTING_ALERT = defineTemplate(
  'want-list-listing-alert',
  (p: WantListingAlertPayload, env) => {
    const tractor = tractorName(p.listing);
    const { html, text } = layout(
      {
        title: 'A tractor on your want-list is live',
        paragraphs: [
          `Hello ${p.name},`,
          `${tractor} was just listed and matches your want-list "${p.wants}".`,
        ],
        facts: [
          [
            `${tractor} (${formatHours(p.listing.hours)}, ${p.listing.location})`,
            formatDollars(p.listing.priceCents),
          ],
        ],
        cta: { label: 'See the tractor', url: `${env.publicUrl}/tractor/${p.listing.id}` },
        unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
      },
      env,
    );
    return {
      subject: `Want-list match: ${tractor}`,
      html,
      text,
      unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
    };
  },
);

export interface WantInquiryMatchPayload extends Record<string, unknown> {
  name: string;
  /** inquiryNoticeText: the town and the tractor, nothing about the farmer. */
  notice: string;
  wants: string;
  matchId: string;
  unsubscribeToken: string;
}

/** docs/product/want-lists.md#farmers-inquiries: the notice, and where to answer it. */
export const WANT_INQUIRY_MATCH = defineTemplate(
  'want-list-inquiry-match',
  (p: WantInquiryMatchPayload, env) => {
    const { html, text } = layout(
      {
        title: 'A farmer has a tractor on your want-list',
        paragraphs: [
          `Hello ${p.name},`,
          p.notice,
          `It matches your want-list "${p.wants}". Answer "${WANT_ANSWER_LABELS.interested}" or "${WANT_ANSWER_LABELS.not_for_me}" on FieldLot.`,
        ],
        cta: { label: 'Answer', url: `${env.publicUrl}/want-lists/matches?match=${p.matchId}` },
        unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
      },
      env,
    );
    return { subject: p.notice, html, text, unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken) };
  },
);
