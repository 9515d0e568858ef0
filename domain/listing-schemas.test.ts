import { describe, expect, it } from 'vitest';
import { listingInputSchema, listingPatchSchema } from './listing-schemas.js';
import { filtersFromUrl, listingFiltersSchema, publicQuerySchema } from './listing-search.js';
import { imageUrl, SPEC_FIELDS, specFieldsOf, tractorName } from './listings.js';

const base = { make: 'John Deere', model: '6155R', year: 2019, location: 'Iowa' };

describe('the listing body rules come from SPEC_FIELDS', () => {
  it('gives every text and number specification field its own max', () => {
    for (const f of SPEC_FIELDS) if (f.kind !== 'bool') expect(f.max).toBeGreaterThan(0);
    expect(specFieldsOf('text').find((f) => f.key === 'topSpeed')?.max).toBe(60);
    expect(specFieldsOf('text').find((f) => f.key === 'frontLinkage')?.max).toBe(120);
  });

  it('accepts each text field at its max and refuses one character more, with the form message', () => {
    for (const f of specFieldsOf('text')) {
      expect(listingInputSchema.safeParse({ ...base, [f.key]: 'x'.repeat(f.max) }).success).toBe(true);
      const over = listingPatchSchema.safeParse({ [f.key]: 'x'.repeat(f.max + 1) });
      expect(over.success).toBe(false);
      expect(over.error?.issues[0]).toMatchObject({
        path: [f.key],
        message: `Must be at most ${f.max} characters`,
      });
    }
  });

  it('bounds the whole-number fields by their max', () => {
    for (const f of specFieldsOf('int')) {
      expect(listingPatchSchema.safeParse({ [f.key]: f.max }).success).toBe(true);
      expect(listingPatchSchema.safeParse({ [f.key]: f.max + 1 }).success).toBe(false);
    }
  });

  it('fills the add defaults and turns empty text into null', () => {
    const v = listingInputSchema.parse({ ...base, gps: '  ' });
    expect(v).toMatchObject({
      hours: 0,
      priceCents: 0,
      condition: 'Excellent',
      frontLoader: false,
      gps: null,
    });
  });
});

describe('search filters', () => {
  it('parse the query string (condition list, coerced numbers) and check ranges', () => {
    expect(
      listingFiltersSchema.parse({ yearMin: '2010', condition: 'Excellent, Good', sort: 'year_desc' }),
    ).toEqual({ yearMin: 2010, condition: ['Excellent', 'Good'], sort: 'year_desc' });
    expect(listingFiltersSchema.safeParse({ condition: 'Mint' }).success).toBe(false);
    expect(
      listingFiltersSchema.safeParse({ yearMin: '2020', yearMax: '2010' }).error?.issues[0].message,
    ).toBe('Minimum year cannot be after maximum year');
    expect(publicQuerySchema.safeParse({ sort: 'price_asc' }).success).toBe(false);
    expect(publicQuerySchema.parse({})).toEqual({ sort: 'newest' });
  });

  it('read a URL leniently: dollars become cents, refused values are left out', () => {
    const url = new URLSearchParams(
      'q=+deere+&priceMin=1000&priceMax=abc&yearMin=1900&hoursMax=5000&condition=Good,Fair&state=Iowa&sort=bogus&brand=',
    );
    expect(filtersFromUrl(url)).toEqual({
      q: 'deere',
      priceMin: 100_000,
      hoursMax: 5000,
      condition: ['Good', 'Fair'],
      state: 'Iowa',
    });
    expect(filtersFromUrl(new URLSearchParams('condition=Mint&state=Atlantis'))).toEqual({});
  });

  it('read the state filter as every place reader does: code or full name, any case, as the stored name', () => {
    for (const typed of ['Iowa', 'iowa', 'IOWA', 'IA', 'ia', ' Ia ']) {
      expect(listingFiltersSchema.parse({ state: typed }), typed).toEqual({ state: 'Iowa' });
      expect(filtersFromUrl(new URLSearchParams({ state: typed })), typed).toEqual({ state: 'Iowa' });
    }
    expect(listingFiltersSchema.parse({ state: 'north dakota' })).toEqual({ state: 'North Dakota' });
    expect(listingFiltersSchema.parse({ state: 'wv' })).toEqual({ state: 'West Virginia' });
    // A place is not a state, and an unknown name is refused with the filter's own message.
    for (const bad of ['Ames, IA', 'Atlantis', 'I', '']) {
      const parsed = listingFiltersSchema.safeParse({ state: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message, bad).toBe('Choose a US state');
    }
  });
});

describe('tractorName and imageUrl', () => {
  it('name a tractor by year, make and model, leaving out what is missing', () => {
    expect(tractorName({ year: 2019, make: 'John Deere', model: '6155R' })).toBe('2019 John Deere 6155R');
    expect(tractorName({ make: 'Kubota', model: 'M7', year: null })).toBe('Kubota M7');
    expect(tractorName({ make: '', model: undefined })).toBe('');
  });

  it('point at the stored WebP variant of an image', () => {
    expect(imageUrl('listings/abc', 400)).toBe('/api/images/listings/abc-400.webp');
  });
});
