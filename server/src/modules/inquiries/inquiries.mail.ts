import { SELL_FORM_MAKES } from '../../../../domain/brands.js';
import { tractorName } from '../../../../domain/listings.js';
import { defineTemplate, layout } from '../mail/index.js';

type Maybe = string | number | null | undefined;
const show = (v: Maybe) => (v === null || v === undefined || v === '' ? 'Not given' : String(v));

/**
 * A model the confirmation may repeat: what a model designation looks like ("4440", "6155R", "M7-172", "8R 340",
 * "T7.270", "724 Vario"), and nothing a message could be written in: at most 20 characters in at most 3 words,
 * only letters, digits and "-", with "." or "/" only between digits (no address), at least one digit and at most
 * 5 (no phone number). Anything else is left out, as before (decision 0012).
 */
export function plausibleModel(model: Maybe): string | null {
  if (typeof model !== 'string') return null;
  const m = model.trim();
  if (m.length === 0 || m.length > 20) return null;
  if (!/^[A-Za-z0-9-]+(?:[./][0-9][A-Za-z0-9-]*)*(?: [A-Za-z0-9-]+(?:[./][0-9][A-Za-z0-9-]*)*){0,2}$/.test(m))
    return null;
  if (/[^0-9][./]/.test(m)) return null;
  const digits = m.replace(/[^0-9]/g, '').length;
  return digits >= 1 && digits <= 5 ? m : null;
}

/**
 * The name the confirmation may use: the make only when it is one of the form's list (not "Other"), the year
 * only as a plausible number, and the model only when it looks like one (`plausibleModel`). Anything else a
 * visitor typed stays out of a mail to an address no account asked for (decision 0012).
 */
export function confirmationTractorName(p: { make?: Maybe; model?: Maybe; year?: Maybe }): string {
  const make = SELL_FORM_MAKES.find((m) => m === p.make && m !== 'Other');
  const year = typeof p.year === 'number' && Number.isInteger(p.year) && p.year > 1900 && p.year < 2200;
  const model = plausibleModel(p.model);
  return [year ? String(p.year) : null, make, model].filter(Boolean).join(' ') || 'your tractor';
}

/** docs/product/selling.md#inquiry-e-mails send-tractor-inquiry-confirmation: to the seller after the inquiry is stored. */
export const INQUIRY_CONFIRMATION = defineTemplate(
  'send-tractor-inquiry-confirmation',
  (p: { make?: Maybe; model?: Maybe; year?: Maybe }, env) => {
    const name = confirmationTractorName(p);
    const { html, text } = layout(
      {
        title: 'We received your tractor details',
        paragraphs: [
          `Thank you for asking ${env.brand.name} for an offer on ${name}.`,
          'Our team of buyers is reviewing the details now. We will send your offer to this email address, usually within one business day.',
          `Questions in the meantime? Write to ${env.brand.supportEmail} or call ${env.brand.supportPhone}.`,
        ],
        cta: { label: 'Visit FieldLot', url: `${env.publicUrl}/` },
      },
      env,
    );
    return { subject: `Your offer request for ${name}`, html, text };
  },
);

/** Tells every admin a seller is waiting for an offer. */
export const ADMIN_NEW_INQUIRY = defineTemplate(
  'admin-new-sale-inquiry',
  (
    p: {
      make?: Maybe;
      model?: Maybe;
      year?: Maybe;
      hours?: Maybe;
      location?: Maybe;
      transmission?: Maybe;
      email?: Maybe;
    },
    env,
  ) => {
    const name = tractorName(p) || 'your tractor';
    const { html, text } = layout(
      {
        title: 'New sale inquiry',
        paragraphs: [`A seller asked for an offer on ${name}.`],
        facts: [
          ['Make', show(p.make)],
          ['Model', show(p.model)],
          ['Year', show(p.year)],
          ['Hours', show(p.hours)],
          ['Location', show(p.location)],
          ['Transmission', show(p.transmission)],
          ['Seller e-mail', show(p.email)],
        ],
        cta: { label: 'Open Sale Inquiries', url: `${env.publicUrl}/admin?tab=inquiries` },
      },
      env,
    );
    return { subject: `New sale inquiry: ${name}`, html, text };
  },
);
