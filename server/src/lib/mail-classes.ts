/**
 * Every mail template belongs to one class, and recipient caps count per class (issue 10): a flood of one
 * kind of mail can never hold back another, and security mail (sign-in links, resets, application and
 * account status) is never capped by anything else. `defineTemplate` only accepts a name listed here, so a
 * template without a class does not compile.
 */
export type MailClass = 'security' | 'transactional' | 'marketing' | 'unsolicited';

export const MAIL_CLASSES = {
  'auth-reset-password': 'security',
  'auth-reset-not-approved': 'security',
  'auth-sign-in-link': 'security',
  'auth-sign-in-link-not-approved': 'security',
  'notify-admin-new-user': 'security',
  'notify-user-status-change': 'security',
  'users-application-exists': 'security',
  'users-application-received': 'security',
  'notify-admin-new-offer': 'transactional',
  'notify-offer-update': 'transactional',
  'notify-admin-offer-notice': 'transactional',
  'admin-new-sale-inquiry': 'transactional',
  // A revised condition report, to dealers with an open offer on the tractor (issue 12).
  'inspection-report-changed': 'transactional',
  'send-brand-notifications': 'marketing',
  'daily-listing-notifications': 'marketing',
  // Goes to an address typed into the public sell form, which no account asked for: its own rule
  // (at most once a day per address, 20 a day per client) is applied when it is queued.
  'send-tractor-inquiry-confirmation': 'unsolicited',
} as const satisfies Record<string, MailClass>;

export type TemplateName = keyof typeof MAIL_CLASSES;

/** Per recipient and class, in a sliding window; over it a message waits (never dropped). */
export const CLASS_CAPS: Record<MailClass, { limit: number; windowMs: number }> = {
  security: { limit: 20, windowMs: 3600_000 },
  transactional: { limit: 20, windowMs: 3600_000 },
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
