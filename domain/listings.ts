export const CONDITIONS = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Badge colours of SPEC.md: excellent green, very good blue, good yellow, fair orange, anything else grey. */
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
 * key (API field), label (SPEC.md's wording) and kind (int, text or a yes/no).
 */
export const SPEC_FIELDS = [
  { key: 'engineHours', label: 'Engine hours', kind: 'int' },
  { key: 'buildYear', label: 'Build year', kind: 'int' },
  { key: 'topSpeed', label: 'Top speed', kind: 'text' },
  { key: 'frontLinkage', label: 'Front linkage', kind: 'text' },
  { key: 'frontPto', label: 'Front PTO', kind: 'text' },
  { key: 'frontSuspension', label: 'Front suspension', kind: 'text' },
  { key: 'cabSuspension', label: 'Cab suspension', kind: 'text' },
  { key: 'midMountValves', label: 'Mid-mount valves', kind: 'text' },
  { key: 'gps', label: 'GPS', kind: 'text' },
  { key: 'rearTyreSize', label: 'Rear tyre size', kind: 'text' },
  { key: 'frontTyreSize', label: 'Front tyre size', kind: 'text' },
  { key: 'pumpSize', label: 'Pump size', kind: 'text' },
  { key: 'numberOfRearRemotes', label: 'Number of rear remotes', kind: 'int' },
  { key: 'rearRemoteType', label: 'Rear remote type', kind: 'text' },
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
