export const CONDITIONS = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** What a listing shows before anyone stated its condition (a farmer's draft, decision 0073). */
export const CONDITION_NOT_STATED = 'Not stated';

/** Badge colours (docs/product/listings.md#a-listing): excellent green, very good blue, good yellow, fair orange, anything else grey. */
export function conditionTone(condition: string): 'green' | 'blue' | 'yellow' | 'orange' | 'grey' {
  switch (condition.toLowerCase()) {
    case 'excellent':
      return 'green';
    case 'very good':
      return 'blue';
    case 'good':
      return 'yellow';
    case 'fair':
      return 'orange';
    default:
      return 'grey';
  }
}

export const LISTING_STATUSES = ['active', 'inactive', 'sold'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * The optional specification fields of a listing, in the order the detail page shows them:
 * key (API field), label (the wording of docs/product/listings.md#a-listing), kind (int, text or a yes/no) and max (the longest text, or the
 * largest whole number, the add/edit form and the API accept).
 */
export const SPEC_FIELDS = [
  // Printed on the gate pass and invoice; "Serial/PIN: not recorded" when missing (docs/product/documents.md).
  { key: 'serialNumber', label: 'Serial/PIN', kind: 'text', max: 40 },
  { key: 'engineHours', label: 'Engine hours', kind: 'int', max: 10_000_000 },
  { key: 'buildYear', label: 'Build year', kind: 'int', max: 2100 },
  { key: 'topSpeed', label: 'Top speed', kind: 'text', max: 60 },
  { key: 'frontLinkage', label: 'Front linkage', kind: 'text', max: 120 },
  { key: 'frontPto', label: 'Front PTO', kind: 'text', max: 120 },
  { key: 'frontSuspension', label: 'Front suspension', kind: 'text', max: 120 },
  { key: 'cabSuspension', label: 'Cab suspension', kind: 'text', max: 120 },
  { key: 'midMountValves', label: 'Mid-mount valves', kind: 'text', max: 120 },
  { key: 'gps', label: 'GPS', kind: 'text', max: 120 },
  { key: 'rearTyreSize', label: 'Rear tyre size', kind: 'text', max: 60 },
  { key: 'frontTyreSize', label: 'Front tyre size', kind: 'text', max: 60 },
  { key: 'pumpSize', label: 'Pump size', kind: 'text', max: 60 },
  { key: 'numberOfRearRemotes', label: 'Number of rear remotes', kind: 'int', max: 20 },
  { key: 'rearRemoteType', label: 'Rear remote type', kind: 'text', max: 120 },
  { key: 'airBrakes', label: 'Air brakes', kind: 'bool' },
] as const;
export type SpecField = (typeof SPEC_FIELDS)[number];
export type SpecKey = SpecField['key'];
export type SpecKind = SpecField['kind'];
type SpecValue<K extends SpecKind> = K extends 'int' ? number : K extends 'bool' ? boolean : string;
/** The `specs` of a listing detail: every field, null when not given. */
export type ListingSpecs = { [F in SpecField as F['key']]: SpecValue<F['kind']> | null };
/** The spec fields of one kind, in display order. */
export function specFieldsOf<K extends SpecKind>(kind: K): Extract<SpecField, { kind: K }>[] {
  return SPEC_FIELDS.filter((f): f is Extract<SpecField, { kind: K }> => f.kind === kind);
}

/** Limits of the listing fields that are not specification fields (text lengths, whole numbers, cents). */
export const LISTING_LIMITS = {
  model: 120,
  location: 120,
  description: 5000,
  transmission: 120,
  otherInfo: 2000,
  yardAddress: 160,
  yardHours: 80,
  hours: 10_000_000,
  priceCents: 100_000_000_00,
} as const;
/** The message of a text over its limit, the same in the form and in the API's field errors. */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/** "2019 John Deere 6155R": the name of a tractor in texts, mails and dialogs (missing parts left out). */
export function tractorName(l: {
  year?: number | string | null;
  make?: string | number | null;
  model?: string | number | null;
}): string {
  return [l.year, l.make, l.model].filter((v) => v !== null && v !== undefined && v !== '').join(' ');
}

/** The stored name of one WebP variant of an uploaded image (`variantKey` of the image pipeline). */
export const imageVariantKey = (storageKey: string, width: number) => `${storageKey}-${width}.webp`;
/** The public URL of a stored variant (served by the listings module's image route). */
/**
 * The `sizes` of the tractor page's main photo: the page renders it with these, and the server preloads the same
 * candidate from the page's HTML (decision 0023), so both must pick the same file.
 */
export const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 60vw, 100vw';

export const imageUrl = (storageKey: string, width: number) =>
  `/api/images/${imageVariantKey(storageKey, width)}`;

export const YEAR_MIN = 1950;
/** Year bounds: 1950 to the current year plus 1. */
export function yearMax(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

export const US_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
