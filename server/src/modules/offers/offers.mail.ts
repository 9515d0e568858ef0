import {
  BUYER_FEE_LABEL,
  buyerFeeCents,
  formatDollars,
  totalWithFeeCents,
} from '../../../../domain/money.js';
import { defineTemplate, layout } from '../mail/index.js';

/** Tractor and amounts every offer e-mail carries (cents; rendered in whole dollars like dealer screens). */
type OfferMailBase = {
  offerId: string;
  listingId: string;
  tractor: string;
  offerType: 'buy_now' | 'offer';
  amountCents: number;
  askingCents: number;
  /** Absolute link to the listing page (plain: it asks a signed-out reader to sign in, then opens). */
  link?: string;
};

const fee = (cents: number): Array<[string, string]> => [
  [BUYER_FEE_LABEL, formatDollars(buyerFeeCents(cents))],
  ['Total with fee', formatDollars(totalWithFeeCents(cents))],
];

/** Always the plain listing page; a one-time sign-in link still sitting in an older queued payload is ignored. */
const listingUrl = (p: OfferMailBase, publicUrl: string) => `${publicUrl}/tractor/${p.listingId}`;

/** docs/product/offers.md#offer-e-mails notify-admin-new-offer: to every admin after an offer is created. */
export const ADMIN_NEW_OFFER = defineTemplate(
  'notify-admin-new-offer',
  (
    p: OfferMailBase & { buyerName: string; buyerCompany: string; buyerEmail: string; message: string },
    env,
  ) => {
    const kind = p.offerType === 'buy_now' ? 'Buy now request' : 'Offer';
    const { html, text } = layout(
      {
        title: `New ${kind.toLowerCase()} on ${p.tractor}`,
        paragraphs: [
          `${p.buyerName} (${p.buyerCompany}) sent ${p.offerType === 'buy_now' ? 'a buy now request' : 'an offer'} on ${p.tractor}.`,
          ...(p.message ? [`Their message: "${p.message}"`] : []),
        ],
        facts: [
          ['Offer id', p.offerId],
          ['Type', kind],
          ['Amount', formatDollars(p.amountCents)],
          ['Asking price', formatDollars(p.askingCents)],
          ...fee(p.amountCents),
          ['Dealer e-mail', p.buyerEmail],
        ],
        cta: { label: 'Review in Offer Management', url: `${env.publicUrl}/admin` },
      },
      env,
    );
    return {
      subject: `New ${kind.toLowerCase()}: ${p.tractor} at ${formatDollars(p.amountCents)}`,
      html,
      text,
    };
  },
);

type UpdateStatus = 'accepted' | 'rejected' | 'countered';

/**
 * docs/product/offers.md#offer-e-mails notify-offer-update (offer id, status, counter amount): to the buyer when an admin
 * accepts, rejects or counters, when the buyer's acceptance of a counter goes through, and when the
 * tractor is sold to someone else (`soldToAnother`).
 */
export const OFFER_UPDATE = defineTemplate(
  'notify-offer-update',
  (
    p: OfferMailBase & {
      status: UpdateStatus;
      counterAmountCents?: number | null;
      counterMessage?: string | null;
      soldToAnother?: boolean;
      /** The buyer accepted FieldLot's counter-offer themselves (not an admin accepting their offer). */
      viaCounter?: boolean;
    },
    env,
  ) => {
    const url = listingUrl(p, env.publicUrl);
    let title: string;
    let paragraphs: string[];
    let facts: Array<[string, string]> = [
      ['Offer id', p.offerId],
      ['Your offer', formatDollars(p.amountCents)],
    ];
    if (p.status === 'accepted' && p.viaCounter) {
      title = 'Purchase Confirmed!';
      paragraphs = [
        `You accepted FieldLot's counter-offer of ${formatDollars(p.amountCents)} on ${p.tractor}. Your purchase is confirmed.`,
        'Your account manager will be in touch shortly to arrange inspection, payment and delivery.',
      ];
      facts = [
        ['Offer id', p.offerId],
        ['Purchase price', formatDollars(p.amountCents)],
        ...fee(p.amountCents),
      ];
    } else if (p.status === 'accepted') {
      title = 'Offer Accepted!';
      paragraphs = [
        `Congratulations! Your offer on ${p.tractor} has been accepted.`,
        'Your account manager will be in touch shortly to arrange inspection, payment and delivery.',
      ];
      facts = [...facts, ...fee(p.amountCents)];
    } else if (p.status === 'countered') {
      const counter = p.counterAmountCents ?? 0;
      title = 'You have received a counter offer!';
      paragraphs = [
        `The seller has answered your offer on ${p.tractor} with a counter offer of ${formatDollars(counter)}.`,
        ...(p.counterMessage ? [`Seller's message: "${p.counterMessage}"`] : []),
        'Open the listing to accept the counter offer or make a new offer.',
      ];
      facts = [...facts, ['Counter offer', formatDollars(counter)], ...fee(counter)];
    } else {
      title = 'Update on your offer';
      paragraphs = p.soldToAnother
        ? [
            `${p.tractor} has been sold to another dealer, so your offer has ended.`,
            'Browse the inventory for similar tractors.',
          ]
        : [
            `Your offer on ${p.tractor} was not accepted.`,
            'You are welcome to make a new offer on the listing.',
          ];
    }
    const { html, text } = layout({ title, paragraphs, facts, cta: { label: 'View the tractor', url } }, env);
    const subject =
      p.status === 'accepted'
        ? p.viaCounter
          ? `Purchase confirmed: ${p.tractor} at ${formatDollars(p.amountCents)}`
          : `Offer accepted: ${p.tractor}`
        : p.status === 'countered'
          ? `Counter offer on ${p.tractor}: ${formatDollars(p.counterAmountCents ?? 0)}`
          : `Your offer on ${p.tractor} has ended`;
    return { subject, html, text };
  },
);

export type AdminNoticeKind = 'counter_accepted' | 'withdrawn';

/**
 * To every admin when a buyer acts on their own (issue 9 section 6): accepting FieldLot's counter-offer (a
 * binding sale) or withdrawing an offer. Buy-now requests reach admins through notify-admin-new-offer.
 */
export const ADMIN_OFFER_NOTICE = defineTemplate(
  'notify-admin-offer-notice',
  (
    p: OfferMailBase & { kind: AdminNoticeKind; buyerName: string; buyerCompany: string; buyerEmail: string },
    env,
  ) => {
    const who = `${p.buyerName} (${p.buyerCompany})`;
    const sold = p.kind === 'counter_accepted';
    const { html, text } = layout(
      {
        title: sold ? `Counter-offer accepted: ${p.tractor} is sold` : `Offer withdrawn on ${p.tractor}`,
        paragraphs: sold
          ? [
              `${who} accepted FieldLot's counter-offer of ${formatDollars(p.amountCents)} on ${p.tractor}. This is a binding sale: the listing is now sold.`,
              'Arrange inspection, payment and delivery with the buyer.',
            ]
          : [`${who} withdrew their offer of ${formatDollars(p.amountCents)} on ${p.tractor}.`],
        facts: [
          ['Offer id', p.offerId],
          [sold ? 'Sale price' : 'Withdrawn amount', formatDollars(p.amountCents)],
          ['Asking price', formatDollars(p.askingCents)],
          ...(sold ? fee(p.amountCents) : []),
          ['Dealer e-mail', p.buyerEmail],
        ],
        cta: { label: 'Open Offer Management', url: `${env.publicUrl}/admin?tab=offers` },
      },
      env,
    );
    const subject = sold
      ? `Sold: ${p.buyerName} accepted the counter-offer on ${p.tractor} at ${formatDollars(p.amountCents)}`
      : `Offer withdrawn: ${p.tractor} (${formatDollars(p.amountCents)})`;
    return { subject, html, text };
  },
);
