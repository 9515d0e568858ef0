import { AS_IS_TITLE, sellerDescriptionText, shownCondition } from '../../../../domain/condition-grades.js';
import { hoursNoticeOf } from '../../../../domain/hours-check.js';
import { tractorName } from '../../../../domain/listings.js';
import { formatDollars, formatHours } from '../../../../domain/money.js';
import { defineTemplate, layout, type MailEnv } from '../mail/index.js';

export interface SavedSearchAlertPayload extends Record<string, unknown> {
  name: string;
  searchName: string;
  /** The inventory's query string of the search's filters. */
  query: string;
  reason: 'new' | 'cheaper';
  listing: {
    id: string;
    make: string;
    model: string;
    year: number;
    hours: number;
    priceCents: number;
    location: string;
    /** The admin's reason when sold as-is, not inspected (absent in alerts queued before it was sent). */
    asIsReason?: string | null;
    /** The seller's own condition word (absent in alerts queued before it was sent). */
    condition?: string;
    /** The published report's grade, null without one. */
    grade?: number | null;
    /** The listed hours before an inspector corrected them. */
    hoursCorrectedFrom?: number | null;
  };
  unsubscribeToken: string;
}

const unsubscribeUrl = (env: MailEnv, token: string) =>
  `${env.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** docs/product/dealer-tools.md#saved-searches: an instant alert, one per (search, listing). */
export const SAVED_SEARCH_ALERT = defineTemplate('saved-search-alert', (p: SavedSearchAlertPayload, env) => {
  const tractor = tractorName(p.listing);
  const { condition, grade = null, hoursCorrectedFrom = null } = p.listing;
  const hoursNotice = hoursNoticeOf(hoursCorrectedFrom, p.listing.hours);
  const { html, text } = layout(
    {
      title: `New match for "${p.searchName}"`,
      paragraphs: [
        `Hello ${p.name},`,
        p.reason === 'cheaper'
          ? `${tractor} now matches your saved search "${p.searchName}" at a lower price.`
          : `${tractor} was just listed and matches your saved search "${p.searchName}".`,
        // As the listing card says it (docs/product/condition-reports.md#where-dealers-see-it).
        ...(p.listing.asIsReason ? [`${AS_IS_TITLE}: ${p.listing.asIsReason}`] : []),
        ...(hoursNotice ? [hoursNotice] : []),
        // The seller's own word is kept beside a report's grade, as on the tractor page.
        ...(condition && grade ? [sellerDescriptionText(condition)] : []),
      ],
      facts: [
        [
          `${tractor} (${formatHours(p.listing.hours)}, ${p.listing.location})`,
          formatDollars(p.listing.priceCents),
        ],
        // One condition scale: a published report's grade decides the word (docs/decisions/0042-hours-corrected-at-inspection.md).
        ...(condition ? [['Condition', shownCondition(grade, condition)] as [string, string]] : []),
      ],
      cta: { label: 'See the tractor', url: `${env.publicUrl}/tractor/${p.listing.id}` },
      unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
    },
    env,
  );
  const all = `All matches: ${env.publicUrl}/browse-listings${p.query ? `?${p.query}` : ''}`;
  return {
    subject: `New match for your saved search "${p.searchName}"`,
    html,
    text: `${text}\n${all}`,
    unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
  };
});
