import { FARMER_ACCEPTED_TEXT, formatOfferDate } from '../../../../domain/farmer-offers.js';
import { tractorName } from '../../../../domain/listings.js';
import { formatDollars } from '../../../../domain/money.js';
import { defineTemplate, layout } from '../mail/index.js';

type Maybe = string | number | null | undefined;
type Tractor = { make?: Maybe; model?: Maybe; year?: Maybe };
const nameOf = (p: Tractor) => tractorName(p) || 'your tractor';

/** docs/product/selling.md#the-offer-by-e-mail: the offer and the one link to answer it (the token is in the link only). */
export const FARMER_OFFER_MAIL = defineTemplate(
  'farmer-offer',
  (
    p: Tractor & {
      amountCents: number;
      validUntil: string;
      pickup: string;
      message: string;
      path: string;
      revised: boolean;
    },
    env,
  ) => {
    const amount = formatDollars(p.amountCents);
    const name = nameOf(p);
    const { html, text } = layout(
      {
        title: p.revised ? `Our revised offer: ${amount}` : `Our offer: ${amount}`,
        paragraphs: [
          `${env.brand.name} offers ${amount} for ${name}.`,
          ...(p.message ? [p.message] : []),
          ...(p.revised ? ['This offer replaces our previous one; the earlier link no longer works.'] : []),
          'Open the offer to accept it, decline it, or ask us to call you. No account is needed.',
        ],
        facts: [
          ['Offer', amount],
          ['Valid until', formatOfferDate(p.validUntil)],
          ['Pickup', p.pickup],
        ],
        cta: { label: 'See your offer', url: `${env.publicUrl}${p.path}` },
      },
      env,
    );
    return { subject: `Your offer for ${name}: ${amount}`, html, text };
  },
);

/**
 * docs/product/selling.md#the-farmers-page: to the farmer once they accept, the amount agreed and what happens
 * next: a contact within one business day, the whole amount paid on pickup day before the tractor leaves the farm
 * (decision 0077), the pickup the offer said.
 */
export const FARMER_OFFER_ACCEPTED_MAIL = defineTemplate(
  'farmer-offer-accepted',
  (p: Tractor & { amountCents: number; pickup: string }, env) => {
    const amount = formatDollars(p.amountCents);
    const name = nameOf(p);
    const { html, text } = layout(
      {
        title: `You accepted our offer: ${amount}`,
        paragraphs: [
          `Thank you! You accepted ${env.brand.name}'s offer of ${amount} for ${name}.`,
          FARMER_ACCEPTED_TEXT.nextStep,
          FARMER_ACCEPTED_TEXT.payment(amount),
          FARMER_ACCEPTED_TEXT.asDescribed,
          `Questions in the meantime? Write to ${env.brand.supportEmail} or call ${env.brand.supportPhone}.`,
        ],
        facts: [
          ['Accepted offer', amount],
          ['Payment', 'In full on pickup day'],
          ['Pickup', p.pickup],
        ],
        cta: { label: `Visit ${env.brand.name}`, url: `${env.publicUrl}/` },
      },
      env,
    );
    return { subject: `Offer accepted: ${name}, ${amount}`, html, text };
  },
);

const ANSWER_WORDS = {
  accepted: 'accepted',
  declined: 'declined',
  call_requested: 'asked for a call about',
} as const;

/** To every admin when the farmer answers (accept and call me): what, for how much, and where to look. */
export const ADMIN_FARMER_OFFER_ANSWERED = defineTemplate(
  'admin-farmer-offer-answered',
  (
    p: Tractor & { amountCents: number; answer: keyof typeof ANSWER_WORDS; phone?: Maybe; email: string },
    env,
  ) => {
    const amount = formatDollars(p.amountCents);
    const name = nameOf(p);
    const verb = ANSWER_WORDS[p.answer] ?? 'answered';
    const { html, text } = layout(
      {
        title: p.answer === 'accepted' ? 'Offer accepted' : 'A farmer answered an offer',
        paragraphs: [
          `The seller ${verb} the ${amount} offer for ${name}.`,
          ...(p.answer === 'accepted'
            ? ['A draft listing waiting for inspection was made from the inquiry.']
            : []),
        ],
        facts: [
          ['Offer', amount],
          ['Seller e-mail', p.email],
          ['Seller phone', p.phone ? String(p.phone) : 'Not given'],
        ],
        cta: { label: 'Open Sale Inquiries', url: `${env.publicUrl}/admin?tab=inquiries` },
      },
      env,
    );
    const subject =
      p.answer === 'accepted' ? `Offer accepted: ${name}, ${amount}` : `Offer answered: ${name} (${verb})`;
    return { subject, html, text };
  },
);
