/**
 * A buyer's message to a seller before the sale (docs/product/dealer-selling.md#offers-on-your-tractors): the
 * seller reads it, but the buyer stays anonymous until the sale, so contact details in it are hidden from the
 * seller until then. One pure function, used wherever the seller's copy is built.
 */
export const BUYER_MESSAGE_NOTE =
  'Your message is shown to the seller. Contact details are hidden until the sale.';
export const CONTACT_HIDDEN = '[contact hidden]';

const TLD = '(?:com|net|org|info|biz|us|ca|co|io|ag|farm|app|dev|me|ly|to|link|site|online|shop|store)';
const PATTERNS: RegExp[] = [
  // E-mail addresses, also written out: "bob (at) farm (dot) com", "bob at farm dot com".
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(\s*at\s*\)|\[\s*at\s*\]|\s+at\s+)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(\s*dot\s*\)|\[\s*dot\s*\]|\s+dot\s+)\s*[\p{L}\p{N}-]+)+/giu,
  // Web addresses: with a scheme, with www., or a bare domain with a common ending.
  /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi,
  new RegExp(`\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.${TLD}\\b(?:/[^\\s<>"]*)?`, 'gi'),
  // Phone numbers: 10 or 11 digits in the usual groupings (515-555-0142, (515) 555 0142, +1 515.555.0142),
  // or 7 digits as 555-0142, never a year and a model number ("2019 6155R") or an amount ("$48,500").
  /(?<![\w$])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?!\w)/g,
  /(?<![\w$.,-])\d{3}[.-]\d{4}(?![\w,.]?\d)/g,
];

/** The message with every e-mail address, web address and phone number replaced by "[contact hidden]". */
export function maskContactDetails(message: string): string {
  let out = message;
  for (const p of PATTERNS) out = out.replace(p, CONTACT_HIDDEN);
  return out;
}
