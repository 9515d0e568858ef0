import type { DealerCard } from '../../../../domain/listing-schemas.js';
import { tractorName } from '../../../../domain/listings.js';
import { formatDollars, formatHours } from '../../../../domain/money.js';
import { defineTemplate, layout, type MailEnv } from '../mail/index.js';

/** A listing as these mails show it: the dealer's card without its picture or condition report grade. */
export type MailListing = Omit<DealerCard, 'image' | 'grade' | 'asIs'>;

/** Commercial mail: each carries the signed unsubscribe token (docs/product/notifications.md#unsubscribe). */
interface ListingMailPayload extends Record<string, unknown> {
  name: string;
  listings: MailListing[];
  unsubscribeToken: string;
  brand?: string;
}

const unsubscribeUrl = (env: MailEnv, token: string) =>
  `${env.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

function listingFacts(listings: MailListing[]): Array<[string, string]> {
  return listings.map((l) => [
    `${tractorName(l)} (${formatHours(l.hours)}, ${l.location})`,
    formatDollars(l.priceCents),
  ]);
}

/** The plain-text part names every tractor's own link; the HTML part links the browse page. */
function linkLines(env: MailEnv, listings: MailListing[]): string[] {
  return listings.map((l) => `${tractorName(l)}: ${env.publicUrl}/tractor/${l.id}`);
}

/** Puts the per-tractor links above the footer of the plain-text part. */
function withLinks(text: string, lines: string[]): string {
  const at = text.lastIndexOf('\n--\n');
  return at < 0
    ? `${text}\n\n${lines.join('\n')}`
    : `${text.slice(0, at)}\n${lines.join('\n')}\n${text.slice(at)}`;
}

export const BRAND_NOTIFICATION = defineTemplate('send-brand-notifications', (p: ListingMailPayload, env) => {
  const count = p.listings.length;
  const brand = p.brand ?? 'your brand';
  const { html, text } = layout(
    {
      title: `${count} ${brand} ${count === 1 ? 'tractor' : 'tractors'} for you`,
      paragraphs: [
        `Hello ${p.name},`,
        `You told us you buy ${brand}. These ${brand} tractors are available at dealer prices on ${env.brand.name} now:`,
      ],
      facts: listingFacts(p.listings),
      cta: {
        label: `See ${brand} tractors`,
        url: `${env.publicUrl}/browse-listings?brand=${encodeURIComponent(brand)}`,
      },
      unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
    },
    env,
  );
  return {
    subject: `New ${brand} tractors on ${env.brand.name}`,
    html,
    text: withLinks(text, linkLines(env, p.listings)),
    unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
  };
});

export const DAILY_DIGEST = defineTemplate('daily-listing-notifications', (p: ListingMailPayload, env) => {
  const count = p.listings.length;
  const { html, text } = layout(
    {
      title: `${count} new ${count === 1 ? 'tractor' : 'tractors'} today`,
      paragraphs: [
        `Hello ${p.name},`,
        `Here is what was listed on ${env.brand.name} since your last update, your preferred brands first.`,
      ],
      facts: listingFacts(p.listings),
      cta: { label: 'Browse listings', url: `${env.publicUrl}/browse-listings` },
      unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
    },
    env,
  );
  return {
    subject: `${count} new ${count === 1 ? 'tractor' : 'tractors'} on ${env.brand.name}`,
    html,
    text: withLinks(text, linkLines(env, p.listings)),
    unsubscribeUrl: unsubscribeUrl(env, p.unsubscribeToken),
  };
});
