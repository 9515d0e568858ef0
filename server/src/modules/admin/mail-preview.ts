import type { AppConfig } from '../../config.js';
import { type RenderedMail, renderTemplate, templateNames } from '../mail/index.js';

/**
 * Sample data for previewing every registered e-mail template (docs/product/admin.md#e-mail-outbox). One
 * object holds the fields any template reads; query parameters override string fields (e.g.
 * `?status=countered`).
 */
function samplePayload(publicUrl: string): Record<string, unknown> {
  const listing = (i: number, make: string, model: string, priceCents: number) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    make,
    model,
    year: 2019 + i,
    hours: 1200 * i,
    priceCents,
    location: ['Iowa', 'Kansas', 'Nebraska'][i % 3],
    condition: 'Very Good',
  });
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    name: 'Jane Miller',
    email: 'jane@millerag.example',
    companyName: 'Miller Ag Equipment',
    brands: ['John Deere', 'Kubota'],
    status: 'approved',
    token: 'sample-token',
    url: `${publicUrl}/auth-redirect?token=sample-token`,
    offerId: '00000000-0000-4000-8000-0000000000aa',
    listingId: '00000000-0000-4000-8000-000000000001',
    tractor: '2019 John Deere 6155R',
    offerType: 'offer',
    amountCents: 4_500_000,
    askingCents: 4_850_000,
    buyerName: 'Jane Miller',
    buyerCompany: 'Miller Ag Equipment',
    buyerEmail: 'jane@millerag.example',
    message: 'We can collect next week.',
    counterAmountCents: 4_700_000,
    counterMessage: 'Meet us in the middle.',
    make: 'John Deere',
    model: '6155R',
    year: 2019,
    hours: 4250,
    location: 'Iowa',
    transmission: 'AutoQuad Plus',
    brand: 'John Deere',
    listings: [
      listing(1, 'John Deere', '6155R', 4_850_000),
      listing(2, 'John Deere', '8R 410', 35_000_000),
      listing(3, 'Kubota', 'M7-172', 12_900_000),
    ],
    unsubscribeToken: 'u1.sample.signature',
    // notify-seller-offer and dealer-listing-reviewed (dealers selling)
    buyerLabel: 'A dealer in Iowa',
    feeCents: 25_000,
    outcome: 'approved',
    reason: 'Please add a photo of the cab.',
    // notify-admin-listing-submitted
    sellerName: 'Sam Ortiz',
    sellerCompany: 'Ortiz Farm Supply',
    // inspection-report-changed (condition reports)
    number: 2,
    grade: '4.3',
    previousGrade: '4.6',
    // watchlist-notice and saved-search-alert (dealer tools)
    kind: 'price_drop',
    oldPriceCents: 4_850_000,
    newPriceCents: 4_600_000,
    searchName: 'Deere 6R under 4,000 hrs in Iowa',
    query: 'q=6R&brand=John%20Deere&hoursMax=4000&state=Iowa',
    listing: listing(1, 'John Deere', '6155R', 4_850_000),
  };
}

/**
 * Templates whose fields mean something else than the shared sample's (a purchase's `number` and `kind`, a team
 * invitation's names): their own sample, over the shared one.
 */
const TEMPLATE_SAMPLES: Record<string, Record<string, unknown>> = {
  'farmer-offer': {
    amountCents: 2_750_000,
    validUntil: '2026-12-03',
    pickup: 'We collect with our own truck within a week of your answer.',
    message: 'Thank you for thinking of FieldLot.',
    path: '/farmer-offer/sample-token',
    revised: false,
  },
  'farmer-offer-accepted': {
    amountCents: 2_750_000,
    pickup: 'We collect with our own truck within a week of your answer.',
  },
  'audit-verification-failed': {
    day: '2026-12-06',
    problemCount: 2,
    problems: [
      'audit row 4812 (chain position 4812) was changed: its content no longer matches its hash',
      'chain position 4900 is missing: a row was removed before audit row 4901',
    ],
  },
  'want-list-listing-alert': { wants: 'John Deere 6R, up to 4,000 h, in IA' },
  'want-list-inquiry-match': {
    notice: 'A farmer near Ames, IA has a 2015 John Deere 6145R, 4,100 h. Interested?',
    wants: 'John Deere 6R, up to 4,000 h, in IA',
    matchId: '00000000-0000-4000-8000-0000000000bb',
  },
  'purchase-update': {
    kind: 'released',
    number: 'FL-2026-000123',
    code: 'B9DL-7DNB',
    facts: [['Release code', 'B9DL-7DNB']],
  },
  'purchase-seller-update': {
    kind: 'released',
    number: 'FL-2026-000123',
    code: 'B9DL-7DNB',
    facts: [
      ['Release code', 'B9DL-7DNB'],
      ['Collected by', "The buyer's own truck"],
      ['Buyer', 'Miller Ag Equipment (Jane Miller, jane@millerag.example)'],
    ],
  },
  'purchase-admin-notice': {
    number: 'FL-2026-000123',
    what: 'chose FieldLot delivers',
    dealer: 'Miller Ag Equipment',
  },
  'team-invite': {
    ownerName: 'Jane Miller',
    dealershipName: 'Miller Ag Equipment',
    role: 'buyer',
    offerLimitCents: 4_000_000,
    days: 7,
  },
  'data-export-ready': { dealershipName: 'Miller Ag Equipment', days: 7, sizeBytes: 2_400_000 },
  'timed-sale-notice': {
    kind: 'outbid',
    saleId: '00000000-0000-4000-8000-000000000001',
    lotId: '00000000-0000-4000-8000-000000000002',
    saleName: 'Tuesday Sale, Dec 8',
    tractor: '2019 John Deere 6120M',
    priceCents: 61_500_00,
  },
};

export function previewTemplates(): string[] {
  return templateNames().filter((n) => !n.startsWith('test.'));
}

/** null when no such template. */
export function renderPreview(
  config: AppConfig,
  name: string,
  overrides: Record<string, string>,
): RenderedMail | null {
  if (!previewTemplates().includes(name)) return null;
  const payload = { ...samplePayload(config.publicUrl), ...TEMPLATE_SAMPLES[name], ...overrides };
  return renderTemplate(name, payload, { publicUrl: config.publicUrl, brand: config.brand });
}
