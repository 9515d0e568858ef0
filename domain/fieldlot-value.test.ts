import { describe, expect, it } from 'vitest';
import {
  adjustedFor,
  askingStanding,
  askingVersusValue,
  comparableSales,
  comparablesHeading,
  estimateValue,
  fitValueModel,
  type MarketSale,
  MIN_FAMILY_SALES,
  modelFamily,
  similarSoldSentence,
  valueBasisSentence,
} from './fieldlot-value';
import { stateCode } from './fieldlot-value-api';

// An exact law: $100,000 new, −10% per year (log), −5% per 1,000 hours, +8% per grade point above 3.
const law = (year: number, hours: number, grade: number) =>
  Math.round(
    Math.exp(Math.log(10_000_000) - 0.1 * (2026 - year) - 0.05 * (hours / 1000) + 0.08 * (grade - 3)),
  );
const sale = (
  year: number,
  hours: number,
  grade: number,
  soldOn = '2026-01-15',
  state = 'IA',
): MarketSale => ({
  soldOn,
  make: 'Deere',
  family: '8R',
  year,
  hours,
  grade,
  state,
  priceCents: law(year, hours, grade),
});
const exact = [
  sale(2024, 1000, 4),
  sale(2020, 3000, 3),
  sale(2018, 5000, 4.5),
  sale(2022, 2000, 2.5),
  sale(2016, 6000, 3.5),
];

describe('FieldLot Value method', () => {
  it('recovers a hand-computed log-linear law exactly for one family', () => {
    const model = fitValueModel(exact, 2026);
    expect(model.marketSlopes[0]).toBeCloseTo(-0.1, 6);
    expect(model.marketSlopes[1]).toBeCloseTo(-0.05, 6);
    expect(model.marketSlopes[2]).toBeCloseTo(0.08, 6);
    // 2021, 2,500 h, grade 3: 100,000 × e^(−0.5 − 0.125) = 53,526.14 → $53,500 (rounded to $100).
    const e = estimateValue(model, {
      make: 'deere',
      family: '8r',
      year: 2021,
      hours: 2500,
      grade: 3,
      state: 'IA',
    });
    expect(e?.valueCents).toBe(5_352_600);
    expect(e?.lowCents).toBe(5_352_600); // no residuals: the range collapses onto the value
  });

  it('gives no estimate below the minimum number of family sales', () => {
    const few = exact.slice(0, MIN_FAMILY_SALES - 1);
    const model = fitValueModel(few, 2026);
    expect(
      estimateValue(model, { make: 'Deere', family: '8R', year: 2021, hours: 2500, grade: 3, state: 'IA' }),
    ).toBe(null);
    expect(
      estimateValue(fitValueModel(exact, 2026), {
        make: 'Deere',
        family: '9R',
        year: 2021,
        hours: 1,
        grade: 3,
        state: 'IA',
      }),
    ).toBe(null);
  });

  it('ranks comparables nearest first and keeps only the last 24 months', () => {
    const sales = [
      sale(2018, 5000, 4.5),
      sale(2021, 2600, 3, '2026-02-01', 'NE'),
      sale(2021, 2500, 3, '2023-01-01'),
      sale(2022, 2000, 3),
    ];
    const q = { make: 'Deere', family: '8R', year: 2021, hours: 2500, grade: 3, state: 'IA' };
    const got = comparableSales(q, sales, '2026-03-01');
    // distances: 2022/2000 h = 0.5 + 0.5 = 1.0; 2021/2600 h NE = 0.1 + 0.5 = 0.6; 2018 = 1.5 + 2.5 + 1.5 = 5.5
    expect(got.map((s) => s.year)).toEqual([2021, 2022, 2018]);
    expect(got[0].state).toBe('NE');
  });

  it('counts in the comparables heading the rows shown, never the sales the estimate used', () => {
    // Eight sales of the family, one of them older than 24 months: the estimate uses 8, the table shows 7.
    const sales = [
      ...exact,
      sale(2021, 2500, 3, '2023-01-01'),
      sale(2019, 4000, 3, '2025-06-01'),
      sale(2023, 1500, 4, '2025-09-01'),
    ];
    const q = { make: 'Deere', family: '8R', year: 2021, hours: 2500, grade: 3, state: 'IA' };
    const shown = comparableSales(q, sales, '2026-03-01');
    expect(shown).toHaveLength(7);
    expect(estimateValue(fitValueModel(sales, 2026), q)?.salesUsed).toBe(8);
    expect(comparablesHeading(shown)).toBe('Comparable sales: the 7 nearest of the last 24 months');
    expect(valueBasisSentence({ make: 'Deere', family: '8R', salesUsed: 8 })).toBe(
      'Estimated from all 8 recorded FieldLot sales of the Deere 8R family, adjusted for age, hours, grade and state.',
    );
    // The sentence names what the breakdown adjusts for, and only that: these sales carry no options.
    const estimate = estimateValue(fitValueModel(sales, 2026), q);
    expect(adjustedFor(estimate?.breakdown ?? [])).toEqual(['age', 'hours', 'grade', 'state']);
    expect(
      adjustedFor([
        { label: 'Base for the Deere 5075E family', cents: 5_000_000 },
        { label: 'Year not known', cents: -300_000, factor: 'age' },
        { label: 'Front loader: Yes', cents: 400_000, factor: 'front loader' },
        { label: 'Hours not known', cents: -100_000, factor: 'hours' },
        { label: 'Market level of the time', cents: 20_000 },
      ]),
    ).toEqual(['age', 'hours', 'front loader']);
    const loaderFamily = {
      make: 'Deere',
      family: '5075E',
      factors: ['age', 'hours', 'front loader'] as const,
    };
    expect(valueBasisSentence({ ...loaderFamily, salesUsed: 90 })).toBe(
      'Estimated from all 90 recorded FieldLot sales of the Deere 5075E family, adjusted for age, hours and front loader.',
    );
    // Imported records are never called FieldLot sales: how many, or all of them.
    expect(valueBasisSentence({ ...loaderFamily, salesUsed: 90, imported: 70 })).toBe(
      'Estimated from all 90 recorded sales (70 imported, 20 on FieldLot) of the Deere 5075E family, adjusted for age, hours and front loader.',
    );
    expect(valueBasisSentence({ ...loaderFamily, salesUsed: 90, imported: 90 })).toBe(
      'Estimated from all 90 imported sale records of the Deere 5075E family, adjusted for age, hours and front loader.',
    );
    expect(
      valueBasisSentence({
        make: 'Deere',
        family: '5075E',
        salesUsed: 12,
        basis: 'make-size',
        factors: ['age'],
      }),
    ).toBe(
      'Too few recorded sales of the Deere 5075E family: estimated from 12 sales of its make and size class, adjusted for age.',
    );
    expect(valueBasisSentence({ make: 'Deere', family: '5075E', salesUsed: 5, factors: [] })).toBe(
      'Estimated from all 5 recorded FieldLot sales of the Deere 5075E family.',
    );
    // More than the table holds: it says the 10 it shows.
    const many = Array.from({ length: 14 }, (_, i) => sale(2010 + i, 1000 * i, 3, '2026-01-02'));
    expect(comparablesHeading(comparableSales(q, many, '2026-03-01'))).toBe(
      'Comparable sales: the 10 nearest of the last 24 months',
    );
    expect(comparablesHeading(shown.slice(0, 1))).toBe('Comparable sales: the one of the last 24 months');
    expect(comparablesHeading([])).toBe('Comparable sales');
  });

  it('says where the asking price stands', () => {
    expect(
      askingVersusValue(9_800_000, {
        valueCents: 10_400_000,
        lowCents: 9_500_000,
        highCents: 11_300_000,
      }),
    ).toBe('Asking $98,000 — 6% below FieldLot Value ($104,000; typical $95,000–$113,000)');
  });
});

describe('FieldLot Value texts and keys', () => {
  it('gives the figures and the sentence of where a price stands', () => {
    const e = { valueCents: 10_400_000, lowCents: 9_500_000, highCents: 11_300_000, salesUsed: 40 };
    expect(askingStanding(9_800_000, e)).toEqual({
      percent: 6,
      direction: 'below',
      sentence: 'Asking $98,000 — 6% below FieldLot Value ($104,000; typical $95,000–$113,000)',
    });
    // 115,000 / 104,000 = 1.1058: 11% above.
    expect(askingStanding(11_500_000, e).sentence).toBe(
      'Asking $115,000 — 11% above FieldLot Value ($104,000; typical $95,000–$113,000)',
    );
    expect(askingStanding(10_420_000, e).direction).toBe('at');
  });

  it('names a model family and says what similar tractors sold for', () => {
    expect(['8R 410', 'T7.315 HD', 'M7-172', 'Magnum 340', '6155M'].map(modelFamily)).toEqual([
      '8R',
      'T7',
      'M7',
      'Magnum',
      '6155M',
    ]);
    expect(similarSoldSentence([])).toBeNull();
    expect(similarSoldSentence([{ priceCents: 12_000_000 }])).toBe(
      'Similar tractors sold for $120,000 (1 sale)',
    );
    expect(
      similarSoldSentence([{ priceCents: 12_000_000 }, { priceCents: 8_800_000 }, { priceCents: 9_000_000 }]),
    ).toBe('Similar tractors sold for $88,000–$120,000 (3 sales)');
  });

  it('reads a state from a code, a name or a place', () => {
    expect([stateCode('IA'), stateCode('Iowa'), stateCode('Ames, Iowa'), stateCode('Omaha, NE')]).toEqual([
      'IA',
      'IA',
      'IA',
      'NE',
    ]);
    expect(stateCode('Atlantis')).toBeNull();
    expect(stateCode(null)).toBeNull();
  });
});
