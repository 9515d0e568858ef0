import { defineTemplate, layout, type MailEnv } from '../mail/index.js';

/**
 * docs/product/purchases.md#e-mails: one e-mail to the dealer at every step of a purchase, and a notice to the
 * admins when the dealer acts. The service writes the facts (amounts, dates, codes) into the payload as text;
 * the subject and the first line come from this table, so the product page can quote them.
 */
export const PURCHASE_MAIL_KINDS = {
  created: {
    subject: (p: PurchaseMail) => `Purchase ${p.number}: ${p.tractor}`,
    line: 'Your offer was accepted and your purchase is open. Choose "I\'ll collect it" or "FieldLot delivers" to get your invoice.',
  },
  invoiced: {
    subject: (p: PurchaseMail) => `Invoice for ${p.number}: ${p.amount ?? ''} due ${p.due ?? ''}`,
    line: 'Your invoice is ready. Please pay by wire before the due date; the invoice PDF has the wire instructions.',
  },
  partial_payment: {
    subject: (p: PurchaseMail) => `Payment received for ${p.number}: ${p.amount ?? ''} still due`,
    line: 'We recorded your payment. The rest of the balance is still due by the due date.',
  },
  paid: {
    subject: (p: PurchaseMail) => `Paid in full: ${p.number}`,
    line: 'Thank you: your purchase is paid in full. We will release the tractor to you shortly.',
  },
  released: {
    subject: (p: PurchaseMail) => `Gate pass for ${p.number}: release code ${p.code ?? ''}`,
    line: 'The tractor is released. Your truck shows the gate pass and release code at collection.',
  },
  logistics: {
    subject: (p: PurchaseMail) => `Transport details for ${p.number}`,
    line: 'We recorded the carrier and the pickup and delivery dates for your tractor.',
  },
  picked_up: {
    subject: (p: PurchaseMail) => `Picked up: ${p.tractor}`,
    line: 'Your tractor was picked up. The inspection guarantee runs until the date below.',
  },
  delivered: {
    subject: (p: PurchaseMail) => `Delivered: ${p.tractor}`,
    line: 'Your tractor was delivered. The inspection guarantee runs until the date below.',
  },
  title_received: {
    subject: (p: PurchaseMail) => `Title received for ${p.number}`,
    line: 'We received the title from the seller and will send it to you.',
  },
  title_sent: {
    subject: (p: PurchaseMail) => `Title sent for ${p.number}`,
    line: 'The title is on its way to you; the tracking number is below.',
  },
  complete: {
    subject: (p: PurchaseMail) => `Purchase complete: ${p.number}`,
    line: 'Your purchase is complete. Thank you for buying with FieldLot.',
  },
  cancelled: {
    subject: (p: PurchaseMail) => `Purchase cancelled: ${p.number}`,
    line: 'Your purchase was cancelled for the reason below. Any payment is refunded.',
  },
  refunded: {
    subject: (p: PurchaseMail) => `Refund for ${p.number}: ${p.amount ?? ''}`,
    line: 'FieldLot sent you a refund. The amount, method, reference and date are below.',
  },
  claim_opened: {
    subject: (p: PurchaseMail) => `Guarantee claim received for ${p.number}`,
    line: 'We received your inspection guarantee claim and will answer it shortly. Your purchase is In dispute meanwhile.',
  },
  claim_credited: {
    subject: (p: PurchaseMail) => `Claim answered for ${p.number}: credit of ${p.amount ?? ''}`,
    line: 'We answered your claim with a credit; the credit note is in Purchased Inventory.',
  },
  claim_returned: {
    subject: (p: PurchaseMail) => `Claim answered for ${p.number}: cancel and return`,
    line: 'We answered your claim: the purchase is cancelled, the tractor comes back and your payment is refunded.',
  },
  claim_denied: {
    subject: (p: PurchaseMail) => `Claim answered for ${p.number}: not accepted`,
    line: 'We reviewed your claim and could not accept it, for the reason below.',
  },
} as const;
export type PurchaseMailKind = keyof typeof PURCHASE_MAIL_KINDS;

export type PurchaseMail = {
  kind: PurchaseMailKind;
  number: string;
  tractor: string;
  purchaseId: string;
  /** Formatted facts for the kind (amount, due date, release code, reason...). */
  amount?: string;
  due?: string;
  code?: string;
  facts?: Array<[string, string]>;
  note?: string;
};

/** One step's e-mail from a kinds table (subject and first line), the purchase and tractor first among the facts. */
function stepMail<
  M extends { number: string; tractor: string; note?: string; facts?: Array<[string, string]> },
>(
  kind: { subject: (p: M) => string; line: string },
  p: M,
  cta: { label: string; path: string },
  env: MailEnv,
) {
  // Previews and old rows may lack fields: the mail still reads.
  const mail = { ...p, number: p.number ?? 'FL-2026-000123', tractor: p.tractor ?? 'your tractor' };
  const subject = kind.subject(mail);
  const { html, text } = layout(
    {
      title: subject,
      paragraphs: [kind.line, ...(p.note ? [p.note] : [])],
      facts: [['Purchase', mail.number], ['Tractor', mail.tractor], ...(p.facts ?? [])],
      cta: { label: cta.label, url: `${env.publicUrl}${cta.path}` },
    },
    env,
  );
  return { subject, html, text };
}

/** To the dealer at every step (purchase-update). */
export const PURCHASE_UPDATE = defineTemplate('purchase-update', (p: PurchaseMail, env) =>
  stepMail(
    PURCHASE_MAIL_KINDS[p.kind] ?? PURCHASE_MAIL_KINDS.created,
    p,
    { label: 'Open Purchased Inventory', path: '/purchased-inventory' },
    env,
  ),
);

/** To every admin when the dealer acts (chose collection or delivery, opened a claim). */
export const PURCHASE_ADMIN_NOTICE = defineTemplate(
  'purchase-admin-notice',
  (p: { number: string; tractor: string; what: string; dealer: string }, env) => {
    const subject = `${p.number ?? 'Purchase'}: ${p.what ?? 'update'}`;
    const { html, text } = layout(
      {
        title: subject,
        paragraphs: [`${p.dealer ?? 'The dealer'}: ${p.what ?? 'update'} (${p.tractor ?? 'tractor'}).`],
        cta: { label: 'Open Purchases', url: `${env.publicUrl}/admin?tab=purchases` },
      },
      env,
    );
    return { subject, html, text };
  },
);

/**
 * docs/product/purchases.md#the-seller-dealers-view: on a dealer's own listing, the seller hears the steps that ask
 * something of them (hand the tractor over, send the title) and how the sale ends. Subjects and first lines here,
 * quoted by the product page.
 */
export const SALE_MAIL_KINDS = {
  released: {
    subject: (p: SaleMail) => `Hand over ${p.tractor}: release code ${p.code ?? ''}`,
    line: 'The buyer has paid and FieldLot has released your sold tractor. Hand it over only to a driver who shows the gate pass with this release code, and send the title to FieldLot.',
  },
  logistics: {
    subject: (p: SaleMail) => `Transport details for ${p.number}`,
    line: "FieldLot's carrier collects the tractor from you. The carrier and the dates are below.",
  },
  handed_over: {
    subject: (p: SaleMail) => `Handed over: ${p.tractor}`,
    line: 'The buyer has the tractor. Its inspection guarantee runs until the date below; the sale completes after it.',
  },
  title_received: {
    subject: (p: SaleMail) => `Title received for ${p.number}`,
    line: 'FieldLot received the title from you. Thank you.',
  },
  complete: {
    subject: (p: SaleMail) => `Sale complete: ${p.number}`,
    line: 'The sale is complete. Your proceeds are below.',
  },
  charge: {
    subject: (p: SaleMail) => `A charge on your sale ${p.number}`,
    line: 'A guarantee claim on the tractor you sold was answered with a credit to the buyer that you bear. It comes off your proceeds; the reason and your proceeds are below.',
  },
  payout: {
    subject: (p: SaleMail) => `Payout sent for ${p.number}`,
    line: 'FieldLot sent your payout for the tractor you sold. The amount and reference are below.',
  },
  cancelled: {
    subject: (p: SaleMail) => `Sale cancelled: ${p.number}`,
    line: 'FieldLot cancelled the sale for the reason below. Your listing is back as a Draft in My Listings: edit it and submit it again.',
  },
} as const;
export type SaleMailKind = keyof typeof SALE_MAIL_KINDS;

/** Which purchase steps reach the seller, as which kind; the others are between FieldLot and the buyer. */
export const SALE_STEP: Partial<Record<PurchaseMailKind, SaleMailKind>> = {
  released: 'released',
  logistics: 'logistics',
  picked_up: 'handed_over',
  delivered: 'handed_over',
  title_received: 'title_received',
  complete: 'complete',
  cancelled: 'cancelled',
  claim_returned: 'cancelled',
};

export type SaleMail = {
  kind: SaleMailKind;
  number: string;
  tractor: string;
  code?: string;
  facts?: Array<[string, string]>;
  note?: string;
};

/** To the seller dealer at the steps of SALE_MAIL_KINDS (purchase-seller-update). */
export const PURCHASE_SELLER_UPDATE = defineTemplate('purchase-seller-update', (p: SaleMail, env) =>
  stepMail(
    SALE_MAIL_KINDS[p.kind] ?? SALE_MAIL_KINDS.released,
    p,
    { label: 'Open My Listings', path: '/my-listings' },
    env,
  ),
);
