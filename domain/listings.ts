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
