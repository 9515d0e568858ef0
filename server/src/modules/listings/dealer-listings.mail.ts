import { defineTemplate, layout } from '../mail/index.js';

/**
 * docs/product/dealer-selling.md#admin-review: to the seller when FieldLot approves their listing (it is live)
 * or asks for changes (with the admin's reason).
 */
export const LISTING_REVIEWED = defineTemplate(
  'dealer-listing-reviewed',
  (
    p: { listingId: string; tractor: string; outcome: 'approved' | 'changes_requested'; reason?: string },
    env,
  ) => {
    const approved = p.outcome === 'approved';
    const { html, text } = layout(
      {
        title: approved ? `${p.tractor} is live` : `Changes requested on ${p.tractor}`,
        paragraphs: approved
          ? [
              `FieldLot approved your listing of ${p.tractor}. It is now live: approved dealers can see it and make offers.`,
              'You will get an e-mail for each new offer.',
            ]
          : [
              `FieldLot reviewed your listing of ${p.tractor} and asks for changes before it goes live.`,
              `What to change: "${p.reason ?? ''}"`,
              'Edit the listing and submit it for review again.',
            ],
        cta: { label: 'Open My Listings', url: `${env.publicUrl}/my-listings` },
      },
      env,
    );
    return {
      subject: approved ? `Your listing is live: ${p.tractor}` : `Changes requested: ${p.tractor}`,
      html,
      text,
    };
  },
);

/**
 * docs/product/dealer-selling.md#admin-review: to every admin when a dealer submits a listing for review, as
 * offers notify them of a new offer; the listing waits hidden until one of them approves it.
 */
export const ADMIN_LISTING_SUBMITTED = defineTemplate(
  'notify-admin-listing-submitted',
  (p: { listingId: string; tractor: string; sellerName: string; sellerCompany: string }, env) => {
    const { html, text } = layout(
      {
        title: `Listing to review: ${p.tractor}`,
        paragraphs: [
          `${p.sellerName}${p.sellerCompany ? ` (${p.sellerCompany})` : ''} submitted ${p.tractor} for review.`,
          'It stays hidden from dealers until you approve it or ask for changes.',
        ],
        cta: { label: 'Review in Listing Management', url: `${env.publicUrl}/admin?tab=listings` },
      },
      env,
    );
    return { subject: `Listing to review: ${p.tractor}`, html, text };
  },
);
