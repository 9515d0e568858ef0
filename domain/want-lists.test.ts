import { describe, expect, it } from 'vitest';
import { inquiryNoticeText, matchesWantList, type WantCandidate, wantListFormSchema } from './want-lists.js';

const want = (o: Record<string, unknown>) => wantListFormSchema.parse({ make: 'John Deere', ...o });
const tractor: WantCandidate = {
  make: 'John Deere',
  model: '6145R',
  year: 2015,
  hours: 4100,
  state: 'IA',
  distanceMiles: 120,
};

describe('matchesWantList', () => {
  it('matches on make, model words, years, hours and distance', () => {
    const w = want({
      modelWords: '6145r',
      yearMin: 2012,
      yearMax: 2018,
      maxHours: 5000,
      maxDistanceMiles: 200,
    });
    expect(matchesWantList(w, tractor)).toBe(true);
    expect(matchesWantList(w, { ...tractor, make: 'Kubota' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, model: '6155R' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, year: 2011 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, hours: 5001 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, distanceMiles: 201 })).toBe(false);
    expect(matchesWantList(w, { ...tractor, distanceMiles: null })).toBe(false);
  });
  it('does not rule out a tractor for a fact the farmer left blank', () => {
    expect(
      matchesWantList(want({ yearMin: 2012, maxHours: 5000 }), { ...tractor, year: null, hours: null }),
    ).toBe(true);
  });
  it('admits by states or by distance when both are given', () => {
    const w = want({ maxDistanceMiles: 50, states: ['IA'] });
    expect(matchesWantList(w, tractor)).toBe(true);
    expect(matchesWantList(w, { ...tractor, state: 'NE' })).toBe(false);
    expect(matchesWantList(w, { ...tractor, state: 'NE', distanceMiles: 40 })).toBe(true);
  });
  it('leaves out listings priced above what the dealer would pay', () => {
    const w = want({ maxPriceCents: 100_000_00 });
    expect(matchesWantList(w, { ...tractor, priceCents: 100_000_00 })).toBe(true);
    expect(matchesWantList(w, { ...tractor, priceCents: 100_000_01 })).toBe(false);
  });
  it('refuses a year range that runs backwards', () => {
    expect(wantListFormSchema.safeParse({ make: 'Case', yearMin: 2020, yearMax: 2010 }).success).toBe(false);
  });
});

describe('inquiryNoticeText', () => {
  it('says the town and the tractor, in the issue words', () => {
    expect(
      inquiryNoticeText({ town: 'Ames, IA', make: 'John Deere', model: '6145R', year: 2015, hours: 4100 }),
    ).toBe('A farmer near Ames, IA has a 2015 John Deere 6145R, 4,100 h. Interested?');
  });
});
