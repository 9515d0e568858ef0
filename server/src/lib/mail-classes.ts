/**
 * Every mail template belongs to one class, and recipient caps count per class
 * (docs/product/mail.md#classes): a flood of one kind of mail can never hold back another, and security mail
 * (sign-in links, resets, application and account status) is never capped by anything else. `defineTemplate`
 * only accepts a name listed here, so a template without a class does not compile.
 */
export type MailClass = 'security' | 'transactional' | 'deal' | 'marketing' | 'unsolicited';

export const MAIL_CLASSES = {
  'auth-reset-password': 'security',
  'auth-reset-not-approved': 'security',
  'auth-sign-in-link': 'security',
  'auth-sign-in-link-not-approved': 'security',
  'notify-admin-new-user': 'security',
  'notify-user-status-change': 'security',
  'users-application-exists': 'security',
  'users-application-received': 'security',
  // The nightly audit chain check failed: to every admin, once per failing run (security.md#audit-log).
  'audit-verification-failed': 'security',
  'notify-admin-new-offer': 'transactional',
  'notify-offer-update': 'transactional',
  'notify-admin-offer-notice': 'transactional',
  'admin-new-sale-inquiry': 'transactional',
  // A farmer's offer (selling.md#the-offer-by-e-mail): sent by an admin to the address that asked for it, and the
  // farmer's answer to the admins.
  'farmer-offer': 'deal',
  // The farmer's own acceptance, confirmed with the amount and what happens next: one per accepted offer.
  'farmer-offer-accepted': 'deal',
  'admin-farmer-offer-answered': 'transactional',
  // A revised condition report, to dealers with an open offer on the tractor
  // (condition-reports.md#where-dealers-see-it).
  'inspection-report-changed': 'transactional',
  // Dealer tools (dealer-tools.md): a watched tractor's price drop, report change or sale, asked for by its
  // watcher.
  'watchlist-notice': 'transactional',
  // The Timed Sale (timed-sale.md#notices): outbid (at most once per lot per 10 minutes), won, lost, and the "if"
  // sale's question and answer, to the bidders and the seller of the lot.
  'timed-sale-notice': 'transactional',
  // A saved search's instant alert: listing e-mail like brand notifications (unsubscribe link, the same switch).
  'saved-search-alert': 'marketing',
  // Want-lists (want-lists.md): a new live listing that matches, and a farmer's tractor that matches (the
  // dealer's own standing request, with the same unsubscribe switch as listing e-mail).
  'want-list-listing-alert': 'marketing',
  'want-list-inquiry-match': 'marketing',
  // Dealers selling (dealer-selling.md): review outcomes and offers on their own listings, to the seller.
  'dealer-listing-reviewed': 'transactional',
  'notify-seller-offer': 'transactional',
  // A dealer submitted a listing for review: to every admin (docs/product/dealer-selling.md#admin-review).
  'notify-admin-listing-submitted': 'transactional',
  // Every step of a purchase to its dealer, and the dealer's steps to the admins (purchases.md#e-mails): each
  // follows a step FieldLot's staff or the dealer took on their own deal, so nobody else can make them flood
  // an inbox.
  'purchase-update': 'deal',
  'purchase-admin-notice': 'deal',
  // The seller dealer's steps of a sale of their own listing (hand over, title, end): same deal, other party.
  'purchase-seller-update': 'deal',
  'send-brand-notifications': 'marketing',
  'daily-listing-notifications': 'marketing',
  // Goes to an address typed into the public sell form, which no account asked for: its own rule
  // (at most once a day per address, 20 a day per client) is applied when it is queued.
  'send-tractor-inquiry-confirmation': 'unsolicited',
  // A dealership owner's invitation (dealer-tools.md#dealership-teams): typed in by another dealer, never asked
  // for by its recipient, so it never shares a cap with (or crowds out) a password reset (decision 0039).
  'team-invite': 'unsolicited',
  // A dealership owner's "Download all our data" is ready (accounts.md#download-all-our-data): asked for by its
  // recipient and carrying a single-use link to every record, so it is security mail, never held behind others.
  'data-export-ready': 'security',
} as const satisfies Record<string, MailClass>;

export type TemplateName = keyof typeof MAIL_CLASSES;

/** Per recipient and class, in a sliding window; over it a message waits (never dropped). */
export const CLASS_CAPS: Record<MailClass, { limit: number; windowMs: number }> = {
  security: { limit: 20, windowMs: 3600_000 },
  transactional: { limit: 20, windowMs: 3600_000 },
  // A purchase sends a dozen steps (invoice, payments, release, transport, title, claim); a dealer buying
  // several tractors in one afternoon must not wait an hour for their invoices (docs/product/mail.md#classes).
  deal: { limit: 100, windowMs: 3600_000 },
  marketing: { limit: 20, windowMs: 3600_000 },
  unsolicited: { limit: 1, windowMs: 24 * 3600_000 },
};

/** Rows of an unknown template (e.g. removed since) count as transactional; they fail at render anyway. */
export function mailClassOf(template: string): MailClass {
  return (MAIL_CLASSES as Record<string, MailClass>)[template] ?? 'transactional';
}

export function templatesOfClass(mailClass: MailClass): string[] {
  return Object.entries(MAIL_CLASSES)
    .filter(([, c]) => c === mailClass)
    .map(([name]) => name);
}
