import { describe, expect, it } from 'vitest';
import { baseKey, estimateValue, fitValueModel, type SaleFacts } from './fieldlot-value-model';

// docs/product/fieldlot-value.md#the-estimate-and-its-typical-range

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const noise = () => (rand() - 0.5) * 0.1;

/** $100,000 new, −10% a year of age at the sale (log), −5% per 1,000 hours; no grade anywhere. */
function auctionSale(
  family: string,
  year: number,
  hours: number,
  soldOn: string,
  extra: Partial<SaleFacts> = {},
) {
  const age = Number(soldOn.slice(0, 4)) - year;
  const level = family === 'D8' ? Math.log(20_000_000) : Math.log(10_000_000);
  return {
    soldOn,
    make: 'Track Type Tractors',
    family,
    year,
    hours,
    grade: null,
    state: 'IA',
    priceCents: Math.round(Math.exp(level - 0.1 * age - 0.05 * (hours / 1000))),
    ...extra,
  } satisfies SaleFacts;
}

describe('FieldLot Value estimator', () => {
  it('keeps the age and hours slopes when no sale is graded (the grade drops out of the fit)', () => {
    const sales = [
      auctionSale('D6', 2010, 4000, '2015-03-01'),
      auctionSale('D6', 2012, 2000, '2016-05-01'),
      auctionSale('D6', 2005, 9000, '2015-08-01'),
      auctionSale('D6', 2014, 1500, '2017-01-10'),
      auctionSale('D6', 2008, 6000, '2016-11-01'),
      auctionSale('D6', 2011, 5200, '2017-06-01'),
    ];
    const model = fitValueModel(sales, 2017);
    expect(model.marketSlopes[0]).toBeCloseTo(-0.1, 4);
    expect(model.marketSlopes[1]).toBeCloseTo(-0.05, 4);
    expect(model.marketSlopes[2]).toBe(0);
    const young = estimateValue(model, { ...sales[0], year: 2016, hours: 300, on: '2017-06-01' });
    const old = estimateValue(model, { ...sales[0], year: 2005, hours: 9000, on: '2017-06-01' });
    // Age 1 and 300 h against age 12 and 9,000 h: e^(−0.1·1 −0.015) vs e^(−1.2 −0.45) of $100,000.
    expect(young?.valueCents).toBe(Math.round(Math.exp(Math.log(10_000_000) - 0.1 - 0.015) / 100) * 100);
    expect(old?.valueCents).toBe(Math.round(Math.exp(Math.log(10_000_000) - 1.2 - 0.45) / 100) * 100);
    expect(young?.notes).toContain('not adjusted for grade (no spread in the sales)');
    // The same with every sale graded alike: a grade without spread says nothing either.
    const graded = fitValueModel(
      sales.map((s) => ({ ...s, grade: 3 })),
      2017,
    );
    expect(graded.marketSlopes[0]).toBeCloseTo(-0.1, 4);
    expect(graded.marketSlopes[2]).toBe(0);
  });

  it('counts age at the sale: a tractor sold at 5 years old in 2020 is worth what another is at 5 in 2025', () => {
    const sales: SaleFacts[] = [];
    for (let y = 2016; y <= 2025; y++)
      for (let age = 1; age <= 12; age += 2) sales.push(auctionSale('D6', y - age, 0, `${y}-06-01`));
    const model = fitValueModel(sales, 2025);
    expect(model.marketSlopes[0]).toBeCloseTo(-0.1, 4);
    const q = { make: 'Track Type Tractors', family: 'D6', hours: 0, grade: null, state: 'IA' };
    const then = estimateValue(model, { ...q, year: 2015, on: '2020-06-01' });
    const now = estimateValue(model, { ...q, year: 2020, on: '2025-06-01' });
    expect(then?.valueCents).toBe(now?.valueCents);
    expect(now?.valueCents).toBe(Math.round(Math.exp(Math.log(10_000_000) - 0.5) / 100) * 100);
  });

  it('brings old sales to the market level of the time: a later date carries the later quarters’ level', () => {
    const sales: SaleFacts[] = [];
    for (let y = 2018; y <= 2023; y++)
      for (let i = 0; i < 40; i++) {
        const s = auctionSale('D6', y - (i % 10), 1000, `${y}-${String((i % 12) + 1).padStart(2, '0')}-10`);
        // Prices rise 5% a year.
        sales.push({ ...s, priceCents: Math.round(s.priceCents * Math.exp(0.05 * (y - 2018))) });
      }
    const model = fitValueModel(sales, 2023);
    const q = { make: 'Track Type Tractors', family: 'D6', hours: 1000, grade: null, state: 'IA' };
    const early = estimateValue(model, { ...q, year: 2015, on: '2018-06-01' });
    const late = estimateValue(model, { ...q, year: 2020, on: '2023-06-01' });
    // The same age 3 at both dates: the later market is about 25% higher (index smoothed, so a little less).
    const ratio = (late?.valueCents ?? 0) / (early?.valueCents ?? 1);
    expect(ratio).toBeGreaterThan(1.15);
    expect(ratio).toBeLessThan(1.3);
    expect(late?.breakdown.some((l) => l.label === 'Market level of the time')).toBe(true);
  });

  it('gives a breakdown whose lines add up exactly to the value', () => {
    const sales: SaleFacts[] = [];
    const states = ['IA', 'TX', 'OH'];
    const cabs = ['EROPS w AC', 'OROPS'];
    for (let i = 0; i < 400; i++) {
      const year = 2000 + Math.floor(rand() * 15);
      const s = auctionSale(
        i % 3 ? 'D6' : 'D8',
        year,
        Math.round(rand() * 10_000),
        `${2016 + (i % 4)}-0${1 + (i % 9)}-15`,
      );
      const cab = cabs[rand() < 0.5 ? 0 : 1];
      sales.push({
        ...s,
        state: states[i % 3],
        cab,
        grade: 2 + (i % 4),
        priceCents: Math.round(s.priceCents * Math.exp(noise() + (cab === 'OROPS' ? -0.1 : 0))),
      });
    }
    const model = fitValueModel(sales, 2020);
    for (const s of sales.slice(0, 60)) {
      const e = estimateValue(model, { ...s, on: '2020-03-01' });
      expect(e).not.toBeNull();
      if (!e) continue;
      expect(e.breakdown.reduce((a, l) => a + l.cents, 0)).toBe(e.valueCents);
      expect(e.breakdown[0].label).toMatch(/^Base for the Track Type Tractors D[68] family$/);
      expect(e.breakdown.every((l) => Number.isInteger(l.cents / 100))).toBe(true);
      expect(e.lowCents).toBeLessThanOrEqual(e.valueCents);
      expect(e.highCents).toBeGreaterThanOrEqual(e.valueCents);
    }
    // The cab is learned (about 200 sales of each, in families that carry both): an open cab costs about 10%.
    const e = estimateValue(model, { ...sales[1], cab: 'OROPS', on: '2020-03-01' });
    const closed = estimateValue(model, { ...sales[1], cab: 'EROPS w AC', on: '2020-03-01' });
    expect((e?.valueCents ?? 0) / (closed?.valueCents ?? 1)).toBeCloseTo(Math.exp(-0.1), 1);
    expect(e?.breakdown.find((l) => l.label === 'Cab: OROPS')?.cents).toBeLessThan(0);
    // Drive is in no sale: said, not guessed.
    expect(e?.notes).toContain('not adjusted for drive (too few sales)');
  });

  it('falls back to the make and size class for a family with few sales, and declines without either', () => {
    const sales: SaleFacts[] = [];
    for (let i = 0; i < 30; i++)
      sales.push(
        auctionSale('D6', 2005 + (i % 10), 1000 * (i % 7), `201${5 + (i % 4)}-05-01`, {
          sizeClass: '105 to 130 hp',
        }),
      );
    sales.push(auctionSale('D5', 2010, 3000, '2017-05-01', { sizeClass: '105 to 130 hp' }));
    sales.push(auctionSale('D5', 2012, 2000, '2018-05-01', { sizeClass: '105 to 130 hp' }));
    const model = fitValueModel(sales, 2019);
    const q = {
      make: 'Track Type Tractors',
      year: 2011,
      hours: 2500,
      grade: null,
      state: 'IA',
      on: '2019-01-01',
    };
    const rare = estimateValue(model, { ...q, family: 'D5', sizeClass: '105 to 130 hp' });
    expect(rare?.basis).toBe('make-size');
    expect(rare?.confidence).toBe('Low');
    expect(rare?.notes[0]).toBe('few sales of the family: from its make and size class');
    expect(rare?.breakdown[0].label).toBe('Base for Track Type Tractors of size 105 to 130 hp');
    // A family never sold, of a size class with sales: still valued.
    expect(estimateValue(model, { ...q, family: 'D4', sizeClass: '105 to 130 hp' })?.basis).toBe('make-size');
    // No size class to fall back on: "Not enough sales".
    expect(estimateValue(model, { ...q, family: 'D5' })).toBeNull();
    expect(estimateValue(model, { ...q, family: 'D6' })?.basis).toBe('family');
  });

  it('gives a common, steady family a narrower range than a noisy one', () => {
    const sales: SaleFacts[] = [];
    for (let i = 0; i < 300; i++) {
      const steady = auctionSale('D6', 2005 + (i % 10), 1000 * (i % 7), `201${5 + (i % 4)}-05-01`);
      sales.push({ ...steady, priceCents: Math.round(steady.priceCents * Math.exp(noise() * 0.5)) });
      if (i % 10 === 0) {
        const wild = auctionSale('D8', 2005 + (i % 10), 1000 * (i % 7), `201${5 + (i % 4)}-05-01`);
        sales.push({ ...wild, priceCents: Math.round(wild.priceCents * Math.exp(noise() * 8)) });
      }
    }
    const model = fitValueModel(sales, 2019);
    const q = {
      make: 'Track Type Tractors',
      year: 2011,
      hours: 2500,
      grade: null,
      state: 'IA',
      on: '2019-01-01',
    };
    const width = (family: string) => {
      const e = estimateValue(model, { ...q, family });
      return e ? (e.highCents - e.lowCents) / e.valueCents : Number.NaN;
    };
    expect(width('D6')).toBeLessThan(width('D8') / 3);
  });
  it('reads a family’s base model: its letters and first digits', () => {
    expect(baseKey('Track Type Tractors', 'D6RXL')).toBe('track type tractors|d6');
    expect(baseKey('Backhoe Loaders', '416C')).toBe('backhoe loaders|416');
    expect(baseKey('Track Excavators', 'PC120')).toBe('track excavators|pc120');
    expect(baseKey('Case IH', 'Magnum')).toBe('case ih|magnum');
  });

  // A base model sold as one family starts a new model as well as one of several (a 320CLRR from the 320C).
  it.each([
    ['its base model’s other families', ['D6R', 'D6M']],
    ['the one family its base model was sold as', ['D6R']],
  ])('values a model never sold before from %s of the same size class', (_, d6Families) => {
    const size = '130 to 160 hp';
    const sales: SaleFacts[] = [];
    for (let i = 0; i < 40; i++) {
      const year = 2005 + (i % 10);
      const soldOn = `201${5 + (i % 4)}-05-01`;
      sales.push(
        auctionSale(d6Families[i % d6Families.length], year, 1000 * (i % 7), soldOn, { sizeClass: size }),
      );
      // Another base model of the size class, which sells for twice as much.
      sales.push(auctionSale('D8', year, 1000 * (i % 7), soldOn, { sizeClass: size }));
    }
    const model = fitValueModel(sales, 2019);
    const q = {
      make: 'Track Type Tractors',
      year: 2011,
      hours: 2500,
      grade: null,
      state: 'IA',
      on: '2019-01-01',
    };
    const d6 = estimateValue(model, { ...q, family: 'D6R', sizeClass: size });
    const d6t = estimateValue(model, { ...q, family: 'D6T', sizeClass: size });
    const d7 = estimateValue(model, { ...q, family: 'D7', sizeClass: size });
    expect(d6t?.basis).toBe('make-size');
    expect(d6t?.breakdown[0].label).toBe(`Base for Track Type Tractors D6 models of size ${size}`);
    // The D6 models' level (pulled a little toward the size class's), not the size class's, half D8s at twice the price.
    expect((d6t?.valueCents ?? 0) / (d6?.valueCents ?? 1)).toBeGreaterThan(0.95);
    expect((d6t?.valueCents ?? 0) / (d6?.valueCents ?? 1)).toBeLessThan(1.15);
    expect((d7?.valueCents ?? 0) / (d6?.valueCents ?? 1)).toBeGreaterThan(1.3);
  });

  it('follows each make’s own market level: a make whose prices fell is valued lower than the market says', () => {
    const sales: SaleFacts[] = [];
    for (let y = 2018; y <= 2023; y++)
      for (let i = 0; i < 60; i++) {
        const soldOn = `${y}-${String((i % 12) + 1).padStart(2, '0')}-10`;
        const s = auctionSale('D6', y - (i % 10), 1000, soldOn);
        sales.push(s);
        // Excavators fall 20% in their last year; tractors hold.
        const fall = y === 2023 ? Math.exp(-0.2) : 1;
        sales.push({
          ...s,
          make: 'Track Excavators',
          family: '320',
          priceCents: Math.round(s.priceCents * fall),
        });
      }
    const model = fitValueModel(sales, 2023);
    const q = { year: 2020, hours: 1000, grade: null, state: 'IA', on: '2023-11-01' };
    const tractor = estimateValue(model, { ...q, make: 'Track Type Tractors', family: 'D6' });
    const excavator = estimateValue(model, { ...q, make: 'Track Excavators', family: '320' });
    // Same law before 2023: the excavator's value carries most of its own 18% fall, the tractor's little of it.
    const ratio = (excavator?.valueCents ?? 0) / (tractor?.valueCents ?? 1);
    expect(ratio).toBeLessThan(0.88);
    expect(ratio).toBeGreaterThan(Math.exp(-0.2) - 0.02);
  });

  it('after the last sales, carries the recent market trend on, damped', () => {
    const sales: SaleFacts[] = [];
    for (let y = 2018; y <= 2023; y++)
      for (let i = 0; i < 48; i++) {
        const month = (i % 12) + 1;
        const s = auctionSale('D6', y - (i % 10), 1000, `${y}-${String(month).padStart(2, '0')}-10`);
        // Prices rise 2% a quarter.
        const quarters = (y - 2018) * 4 + Math.floor((month - 1) / 3);
        sales.push({ ...s, priceCents: Math.round(s.priceCents * Math.exp(0.02 * quarters)) });
      }
    const model = fitValueModel(sales, 2023);
    // The same age (3 years at the sale) at each date.
    const q = { make: 'Track Type Tractors', family: 'D6', hours: 1000, grade: null, state: 'IA' };
    const last = estimateValue(model, { ...q, year: 2020, on: '2023-11-01' })?.valueCents ?? 0;
    const next = estimateValue(model, { ...q, year: 2021, on: '2024-02-01' })?.valueCents ?? 0;
    const later = estimateValue(model, { ...q, year: 2022, on: '2025-11-01' })?.valueCents ?? 0;
    // A quarter ahead: about half a quarter's rise; two years ahead: about one quarter's (½ + ¼ + …), not eight.
    expect(next / last).toBeGreaterThan(Math.exp(0.005));
    expect(next / last).toBeLessThan(Math.exp(0.015));
    expect(later / last).toBeGreaterThan(next / last);
    expect(later / last).toBeLessThan(Math.exp(0.025));
  });

  it('lets depreciation slow with age, and keeps the curve inside the age line of the breakdown', () => {
    // Log price falls 16% a year at first, less each year after: −0.16·age + 0.004·age².
    const law = (age: number) => Math.log(10_000_000) - 0.16 * age + 0.004 * age * age;
    const sales: SaleFacts[] = [];
    for (let y = 2016; y <= 2019; y++)
      for (let age = 1; age <= 20; age++)
        sales.push({
          ...auctionSale('D6', y - age, 0, `${y}-06-01`),
          hours: null,
          priceCents: Math.round(Math.exp(law(age))),
        });
    const model = fitValueModel(sales, 2019);
    const q = { make: 'Track Type Tractors', family: 'D6', hours: null, grade: null, state: 'IA' };
    for (const age of [2, 10, 18]) {
      const e = estimateValue(model, { ...q, year: 2019 - age, on: '2019-06-01' });
      // Within 1% of the law at both ends and the middle (a straight line in age misses the ends by 9-15%).
      expect(Math.abs(Math.log((e?.valueCents ?? 1) / Math.exp(law(age))))).toBeLessThan(0.01);
      const ageLines = e?.breakdown.filter((l) => l.label.startsWith('Age ')) ?? [];
      expect(ageLines).toHaveLength(1);
      expect(e?.breakdown.reduce((a, l) => a + l.cents, 0)).toBe(e?.valueCents);
    }
  });

  it('widens the range for a date further past the last sales, as far as the market moves in a quarter', () => {
    const sales: SaleFacts[] = [];
    for (let y = 2016; y <= 2023; y++)
      for (let i = 0; i < 40; i++) {
        const month = (i % 12) + 1;
        const s = auctionSale(
          'D6',
          y - (i % 10),
          1000 * (i % 5),
          `${y}-${String(month).padStart(2, '0')}-10`,
        );
        // A market that moves up and down by quarter, and sales that scatter around it.
        const quarter = (y - 2016) * 4 + Math.floor((month - 1) / 3);
        const wobble = 0.08 * Math.sin(quarter * 1.7) + noise();
        sales.push({ ...s, priceCents: Math.round(s.priceCents * Math.exp(wobble)) });
      }
    const model = fitValueModel(sales, 2023);
    const q = {
      make: 'Track Type Tractors',
      family: 'D6',
      year: 2019,
      hours: 2000,
      grade: null,
      state: 'IA',
    };
    const width = (on: string) => {
      const e = estimateValue(model, { ...q, on });
      return Math.log((e?.highCents ?? 1) / (e?.lowCents ?? 1));
    };
    expect(width('2023-11-01')).toBeGreaterThan(0);
    expect(width('2025-11-01')).toBeGreaterThan(width('2024-02-01'));
    expect(width('2024-02-01')).toBeGreaterThan(width('2023-11-01'));
  });

  it('gives a tractor whose year is not known a wider range, as much wider as such sales stray', () => {
    const sales: SaleFacts[] = [];
    for (let i = 0; i < 300; i++) {
      const y = 2016 + (i % 4);
      const s = auctionSale(
        'D6',
        y - (i % 10),
        1000 * (i % 5),
        `${y}-${String((i % 12) + 1).padStart(2, '0')}-10`,
      );
      // A quarter of the sales have no year; their prices scatter five times as far.
      const unknown = i % 4 === 0;
      const scatter = unknown ? 5 * noise() : noise();
      sales.push({
        ...s,
        year: unknown ? null : s.year,
        priceCents: Math.round(s.priceCents * Math.exp(scatter)),
      });
    }
    const model = fitValueModel(sales, 2019);
    const q = {
      make: 'Track Type Tractors',
      family: 'D6',
      hours: 2000,
      grade: null,
      state: 'IA',
      on: '2019-06-01',
    };
    const width = (e: ReturnType<typeof estimateValue>) => Math.log((e?.highCents ?? 1) / (e?.lowCents ?? 1));
    const known = estimateValue(model, { ...q, year: 2014 });
    const unknown = estimateValue(model, { ...q, year: null });
    expect(width(unknown)).toBeGreaterThan(1.5 * width(known));
  });

  it('gives a model never sold before a range that holds for such models, however far they stray', () => {
    const size = '130 to 160 hp';
    // Each family sells at its own level, up to ±35% from its size class's.
    const offset = () => (rand() - 0.5) * 0.7;
    const familySales = (family: string, count: number, years: number[], level: number, first = 0) =>
      Array.from({ length: count }, (_, n) => {
        const i = first + n;
        const y = years[i % years.length];
        const s = auctionSale(family, y - (i % 8), 1000 * (i % 4), `${y}-0${(i % 9) + 1}-15`, {
          sizeClass: size,
        });
        return { ...s, priceCents: Math.round(s.priceCents * Math.exp(level + noise())) };
      });
    const sales: SaleFacts[] = [];
    for (let f = 0; f < 40; f++) {
      const level = offset();
      sales.push(
        ...familySales(`A${f}`, 8, [2015, 2016, 2017], level),
        ...familySales(`A${f}`, 4, [2019], level, f),
      );
    }
    // In the same last year, one sale each of 100 new models.
    for (let f = 0; f < 100; f++) sales.push(...familySales(`N${f}`, 1, [2019], offset(), f));
    const model = fitValueModel(sales, 2020);
    let inRange = 0;
    const tries = 200;
    for (let f = 0; f < tries; f++) {
      const [s] = familySales(`X${f}`, 1, [2020], offset(), f);
      const e = estimateValue(model, { ...s, on: s.soldOn });
      if (e && s.priceCents >= e.lowCents && s.priceCents <= e.highCents) inRange++;
    }
    // 80% is the aim (here 90%); with the multipliers of families already sold (Low), 62%.
    expect(inRange / tries).toBeGreaterThan(0.7);
  });

  it('adjusts for a front loader where enough sales show it, and says so where they do not', () => {
    const sales: SaleFacts[] = [];
    for (let i = 0; i < 240; i++) {
      const s = auctionSale(
        i % 2 ? '5075E' : '5100E',
        2012 + (i % 8),
        500 * (i % 9),
        `${2018 + (i % 3)}-0${1 + (i % 9)}-15`,
      );
      // Two in five sell with a loader, which adds 12%.
      const loader = i % 5 < 2;
      sales.push({
        ...s,
        make: 'Deere',
        loader,
        priceCents: Math.round(s.priceCents * Math.exp(noise() + (loader ? 0.12 : 0))),
      });
    }
    // A family that never sells with one.
    for (let i = 0; i < 40; i++)
      sales.push({
        ...auctionSale('8R', 2012 + (i % 8), 500 * (i % 9), `${2018 + (i % 3)}-0${1 + (i % 9)}-15`),
        make: 'Deere',
        loader: false,
      });
    const model = fitValueModel(sales, 2021);
    const q = {
      make: 'Deere',
      family: '5075E',
      year: 2016,
      hours: 2000,
      grade: null,
      state: 'IA',
      on: '2021-01-15',
    };
    const withLoader = estimateValue(model, { ...q, loader: true });
    const without = estimateValue(model, { ...q, loader: false });
    expect((withLoader?.valueCents ?? 0) / (without?.valueCents ?? 1)).toBeCloseTo(Math.exp(0.12), 1);
    expect(withLoader?.breakdown.find((l) => l.label === 'Front loader: Yes')?.cents).toBeGreaterThan(0);
    expect(without?.breakdown.find((l) => l.label === 'Front loader: No')?.cents).toBeLessThan(0);
    expect(withLoader?.breakdown.reduce((a, l) => a + l.cents, 0)).toBe(withLoader?.valueCents);
    expect(withLoader?.notes).not.toContain('not adjusted for front loader (too few sales)');
    // Nothing to adjust where the family always sells without one.
    const crawler = estimateValue(model, { ...q, family: '8R', loader: false });
    expect(crawler?.breakdown.some((l) => l.label.startsWith('Front loader'))).toBe(false);
    // Unknown on the tractor: no line; in sales that never say: a note, not a guess.
    expect(estimateValue(model, q)?.breakdown.some((l) => l.label.startsWith('Front loader'))).toBe(false);
    const unsaid = fitValueModel(
      sales.map((s) => ({ ...s, loader: null })),
      2021,
    );
    const e = estimateValue(unsaid, { ...q, loader: true });
    expect(e?.breakdown.some((l) => l.label.startsWith('Front loader'))).toBe(false);
    expect(e?.notes).toContain('not adjusted for front loader (too few sales)');
  });
});
