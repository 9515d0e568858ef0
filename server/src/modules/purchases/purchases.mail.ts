import { defineTemplate, layout } from '../mail/index.js';

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

/** To the dealer at every step (purchase-update). */
export const PURCHASE_UPDATE = defineTemplate('purchase-update', (p: PurchaseMail, env) => {
  const kind = PURCHASE_MAIL_KINDS[p.kind] ?? PURCHASE_MAIL_KINDS.created;
  const number = p.number ?? 'FL-2026-000123';
  const mail = { ...p, number, tractor: p.tractor ?? 'your tractor' };
  const { html, text } = layout(
    {
      title: kind.subject(mail),
      paragraphs: [kind.line, ...(p.note ? [p.note] : [])],
      facts: [['Purchase', number], ['Tractor', mail.tractor], ...(p.facts ?? [])],
      cta: { label: 'Open Purchased Inventory', url: `${env.publicUrl}/purchased-inventory` },
    },
    env,
  );
  return { subject: kind.subject(mail), html, text };
});

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
