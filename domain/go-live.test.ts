import { describe, expect, it } from 'vitest';
import { farmerYard } from './inquiries';
import { goLiveProblems, goLiveRefusal, listingPatchSchema } from './listing-schemas';

const yard = {
  yardAddress: '1 Farm Rd',
  city: 'Ames',
  location: 'Iowa',
  zip: '50010',
  yardPhone: '515-555-0100',
};

describe('what a listing lacks to go live (decision 0073)', () => {
  it('names the condition, the price (for Activate) and each yard field', () => {
    expect(goLiveProblems({ ...yard, condition: 'Good', priceCents: 1 }, { price: true })).toEqual({});
    const all = goLiveProblems(
      { ...yard, yardAddress: null, zip: '', condition: null, priceCents: 0 },
      { price: true },
    );
    expect(Object.keys(all)).toEqual(['condition', 'priceCents', 'zip', 'yardAddress']);
    expect(goLiveRefusal(all)).toBe(
      'Complete the listing before it goes live: its condition, asking price and yard',
    );
    expect(goLiveProblems({ ...yard, condition: 'Good', priceCents: 0 }, { price: false })).toEqual({});
    expect(goLiveRefusal({ condition: 'x' })).toBe('Complete the listing before it goes live: its condition');
    expect(goLiveRefusal({ zip: 'x' })).toBe(
      "Add the tractor's yard: street address, city, state, ZIP and contact phone",
    );
  });

  it('refuses an edit naming a field a listing does not have', () => {
    const r = listingPatchSchema.safeParse({ price: 34_500 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(
      'Unknown field: price. The asking price is priceCents, in cents.',
    );
    expect(listingPatchSchema.safeParse({ priceCents: 3_450_000 }).success).toBe(true);
  });
});

describe("the farmer's yard from the inquiry", () => {
  it.each([
    [
      { location: 'Ames, IA', phone: '+1 515 555 0142' },
      { town: 'Ames, IA', location: 'Iowa', city: 'Ames', zip: null, yardPhone: '+1 515 555 0142' },
    ],
    [
      { location: 'ames, ia 50010', phone: null },
      { town: 'ames, IA', location: 'Iowa', city: 'ames', zip: '50010', yardPhone: null },
    ],
    [
      { location: 'Iowa', phone: ' ' },
      { town: 'Iowa', location: 'Iowa', city: null, zip: null, yardPhone: null },
    ],
    [
      { location: null, phone: null },
      { town: null, location: null, city: null, zip: null, yardPhone: null },
    ],
  ])('%j', (inquiry, expected) => {
    expect(farmerYard(inquiry)).toEqual(expected);
  });

  it('reads a bare ZIP through the ZIP table', () => {
    const table = (zip: string) => (zip === '50010' ? { city: 'Ames', state: 'IA' } : null);
    expect(farmerYard({ location: '50010', phone: null }, table)).toEqual({
      town: 'Ames, IA',
      location: 'Iowa',
      city: 'Ames',
      zip: '50010',
      yardPhone: null,
    });
  });
});
