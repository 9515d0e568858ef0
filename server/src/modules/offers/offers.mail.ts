import { BELOW_FLOOR_TEXT, sellerProceedsCents } from '../../../../domain/dealer-listings.js';
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

type UpdateStatus = 'accepted' | 'rejected' | 'countered' | 'expired';

/**
 * The purchase an accepted offer opened (docs/product/purchases.md#e-mails): the buyer's one deal e-mail says the
 * offer was accepted and what to do next. Filled in by the purchases module, which sends the e-mail.
 */
export type DealPurchase = { number: string; purchaseId: string; due: string; nextStep: string };

const WILL_BE_IN_TOUCH =
  'Your account manager will be in touch shortly to arrange inspection, payment and delivery.';
/** The deal e-mail's next step: the purchase and what to do (older queued payloads carry no purchase). */
const nextStep = (p: { purchase?: DealPurchase }) =>
  p.purchase ? `Your purchase ${p.purchase.number} is open. ${p.purchase.nextStep}.` : WILL_BE_IN_TOUCH;

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
      /** Declined as it arrived: under the seller's floor price (never named; dealer-selling.md#floor-price). */
      belowFloor?: boolean;
      /** A dealer's sale: the seller's company and contact for the handover. */
      sellerContact?: { name: string; email: string; companyName: string } | null;
      /** Expired: how long it was open (OFFER_TTL_HOURS). */
      ttlHours?: number;
      /** Accepted: the purchase it opened. */
      purchase?: DealPurchase;
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
        nextStep(p),
      ];
      facts = [
        ['Offer id', p.offerId],
        ['Purchase price', formatDollars(p.amountCents)],
        ...fee(p.amountCents),
      ];
    } else if (p.status === 'accepted') {
      title = 'Offer Accepted!';
      paragraphs = [`Congratulations! Your offer on ${p.tractor} has been accepted.`, nextStep(p)];
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
    } else if (p.status === 'expired') {
      // docs/product/dealer-tools.md#offers-that-expire
      const counter = p.counterAmountCents ?? null;
      title = 'Your offer has expired';
      paragraphs = [
        counter !== null
          ? `FieldLot's counter offer of ${formatDollars(counter)} on ${p.tractor} expired after ${p.ttlHours ?? 48} hours without an answer.`
          : `Your offer on ${p.tractor} expired after ${p.ttlHours ?? 48} hours without an answer.`,
        'You are welcome to make a new offer on the listing.',
      ];
      if (counter !== null) facts = [...facts, ['Counter offer', formatDollars(counter)]];
    } else {
      title = 'Update on your offer';
      paragraphs = p.belowFloor
        ? [
            `Thank you for your offer on ${p.tractor}. Unfortunately it is ${BELOW_FLOOR_TEXT}, so it has been declined.`,
            'You are welcome to make a new offer on the listing.',
          ]
        : p.soldToAnother
          ? [
              `${p.tractor} has been sold to another dealer, so your offer has ended.`,
              'Browse the inventory for similar tractors.',
            ]
          : [
              `Your offer on ${p.tractor} was not accepted.`,
              'You are welcome to make a new offer on the listing.',
            ];
    }
    if (p.status === 'accepted' && p.sellerContact)
      facts = [
        ...facts,
        ['Seller', p.sellerContact.companyName],
        ['Seller contact', `${p.sellerContact.name}, ${p.sellerContact.email}`],
      ];
    if (p.status === 'accepted' && p.purchase)
      facts = [...facts, ['Purchase', p.purchase.number], ['Payment due', p.purchase.due]];
    // The deal e-mail leads to the purchase's next step; the others to the tractor.
    const cta =
      p.status === 'accepted' && p.purchase
        ? { label: 'Open Purchased Inventory', url: `${env.publicUrl}/purchased-inventory` }
        : { label: 'View the tractor', url };
    const { html, text } = layout({ title, paragraphs, facts, cta }, env);
    const subject =
      p.status === 'accepted'
        ? p.viaCounter
          ? `Purchase confirmed: ${p.tractor} at ${formatDollars(p.amountCents)}`
          : `Offer accepted: ${p.tractor}`
        : p.status === 'countered'
          ? `Counter offer on ${p.tractor}: ${formatDollars(p.counterAmountCents ?? 0)}`
          : p.status === 'expired'
            ? `Your offer on ${p.tractor} has expired`
            : `Your offer on ${p.tractor} has ended`;
    return { subject, html, text };
  },
);

export type AdminNoticeKind = 'counter_accepted' | 'bought_now' | 'withdrawn' | 'expired';

/**
 * To every admin when a buyer acts on their own (docs/product/offers.md#admin-notices): accepting FieldLot's
 * counter-offer or buying with Buy Now (binding sales), or withdrawing an offer.
 */
export const ADMIN_OFFER_NOTICE = defineTemplate(
  'notify-admin-offer-notice',
  (
    p: OfferMailBase & { kind: AdminNoticeKind; buyerName: string; buyerCompany: string; buyerEmail: string },
    env,
  ) => {
    const who = `${p.buyerName} (${p.buyerCompany})`;
    const sold = p.kind === 'counter_accepted' || p.kind === 'bought_now';
    const boughtNow = p.kind === 'bought_now';
    if (p.kind === 'expired') {
      // docs/product/dealer-tools.md#offers-that-expire
      const expired = layout(
        {
          title: `Offer expired on ${p.tractor}`,
          paragraphs: [
            `The offer of ${formatDollars(p.amountCents)} from ${who} on ${p.tractor} expired without an answer. Nothing can accept it any more.`,
          ],
          facts: [
            ['Offer id', p.offerId],
            ['Expired amount', formatDollars(p.amountCents)],
            ['Asking price', formatDollars(p.askingCents)],
            ['Dealer e-mail', p.buyerEmail],
          ],
          cta: { label: 'Open Offer Management', url: `${env.publicUrl}/admin?tab=offers` },
        },
        env,
      );
      return {
        subject: `Offer expired: ${p.tractor} (${formatDollars(p.amountCents)})`,
        html: expired.html,
        text: expired.text,
      };
    }
    const { html, text } = layout(
      {
        title: boughtNow
          ? `Bought with Buy Now: ${p.tractor} is sold`
          : sold
            ? `Counter-offer accepted: ${p.tractor} is sold`
            : `Offer withdrawn on ${p.tractor}`,
        paragraphs: sold
          ? [
              boughtNow
                ? `${who} bought ${p.tractor} with Buy Now at the asking price of ${formatDollars(p.amountCents)}. This is a binding sale: the listing is now sold.`
                : `${who} accepted FieldLot's counter-offer of ${formatDollars(p.amountCents)} on ${p.tractor}. This is a binding sale: the listing is now sold.`,
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
    const subject = boughtNow
      ? `Sold: ${p.buyerName} bought ${p.tractor} with Buy Now at ${formatDollars(p.amountCents)}`
      : sold
        ? `Sold: ${p.buyerName} accepted the counter-offer on ${p.tractor} at ${formatDollars(p.amountCents)}`
        : `Offer withdrawn: ${p.tractor} (${formatDollars(p.amountCents)})`;
    return { subject, html, text };
  },
);

export type SellerNoticeKind = 'new_offer' | 'buy_now' | 'withdrawn' | 'expired' | 'sold';

/**
 * docs/product/dealer-selling.md#offers-on-your-tractors: to the dealer selling the tractor on a new offer, a
 * buy-now request, a withdrawn offer and the sale. The buyer stays "A dealer in Iowa" until the sale, which
 * carries the buyer's company and contact, and the seller's fee and proceeds.
 */
export const SELLER_OFFER_NOTICE = defineTemplate(
  'notify-seller-offer',
  (
    p: OfferMailBase & {
      kind: SellerNoticeKind;
      buyerLabel: string;
      buyerContact?: { name: string; email: string; companyName: string } | null;
      feeCents?: number;
      /** Expired: the counter that ran out (null for an unanswered offer) and OFFER_TTL_HOURS. */
      counterAmountCents?: number | null;
      ttlHours?: number;
    },
    env,
  ) => {
    const amount = formatDollars(p.amountCents);
    // An unknown kind (an old queued row, a preview) reads as a new offer.
    const kind: SellerNoticeKind = ['new_offer', 'buy_now', 'withdrawn', 'expired', 'sold'].includes(p.kind)
      ? p.kind
      : 'new_offer';
    const title = {
      new_offer: `New offer on your ${p.tractor}`,
      buy_now: `Buy now request on your ${p.tractor}`,
      withdrawn: `Offer withdrawn on your ${p.tractor}`,
      expired: `Offer expired on your ${p.tractor}`,
      sold: `Sold: your ${p.tractor}`,
    }[kind];
    const paragraphs = {
      new_offer: [
        `${p.buyerLabel} offered ${amount} on your ${p.tractor}.`,
        'Accept, reject or counter it in My Listings.',
      ],
      buy_now: [
        `${p.buyerLabel} wants to buy your ${p.tractor} at your asking price of ${amount}.`,
        'Accept or reject the request in My Listings.',
      ],
      withdrawn: [`${p.buyerLabel} withdrew their offer of ${amount} on your ${p.tractor}.`],
      expired: [
        p.counterAmountCents
          ? `The counter offer of ${formatDollars(p.counterAmountCents)} to ${p.buyerLabel} on your ${p.tractor} expired after ${p.ttlHours ?? 48} hours without an answer.`
          : `The offer of ${amount} by ${p.buyerLabel} on your ${p.tractor} expired after ${p.ttlHours ?? 48} hours without an answer.`,
        'Your listing stays live for new offers.',
      ],
      sold: [
        `Your ${p.tractor} is sold for ${amount}.`,
        'Contact the buyer to arrange payment and the handover.',
      ],
    }[kind];
    const fee = p.feeCents ?? 0;
    const facts: Array<[string, string]> = [
      ['Offer id', p.offerId],
      ['Amount', amount],
      ['Your asking price', formatDollars(p.askingCents)],
      ...(kind === 'sold'
        ? ([
            ['Seller fee', formatDollars(fee)],
            ['Your proceeds', formatDollars(sellerProceedsCents(p.amountCents, fee))],
            ...(p.buyerContact
              ? [
                  ['Buyer', p.buyerContact.companyName],
                  ['Buyer contact', `${p.buyerContact.name}, ${p.buyerContact.email}`],
                ]
              : []),
          ] as Array<[string, string]>)
        : []),
    ];
    const { html, text } = layout(
      { title, paragraphs, facts, cta: { label: 'Open My Listings', url: `${env.publicUrl}/my-listings` } },
      env,
    );
    return { subject: `${title} (${amount})`, html, text };
  },
);
