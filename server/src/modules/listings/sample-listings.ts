import { LISTING_BRANDS } from '../../../../domain/brands.js';
import { CONDITIONS, US_STATES } from '../../../../domain/listings.js';
import type { listings } from '../../db/schema.js';

export type SampleListing = Omit<typeof listings.$inferInsert, 'userId'>;

/** The sample vocabulary, shared with `bench/search.bench.ts`'s seed so the benchmark searches realistic text. */
export const MODELS: Record<string, string[]> = {
  'John Deere': ['6R 145', '8R 370', '5075E', '7R 330', '6120M', '9RX 640'],
  'Case IH': ['Magnum 340', 'Puma 185', 'Farmall 75C', 'Steiger 620', 'Maxxum 150', 'Optum 300'],
  'New Holland': ['T7.315', 'T6.180', 'T8.410', 'Workmaster 75', 'T4.120', 'T9.645'],
  'Massey Ferguson': ['8S.265', '7S.180', '5711', '6718S', '4710', '1835M'],
  Kubota: ['M7-172', 'M5-111', 'L3901', 'M6-141', 'MX5400', 'B2601'],
  Fendt: ['724 Vario', '942 Vario', '516 Vario', '1050 Vario', '313 Vario', '211 Vario'],
};
export const OTHER_MODELS = ['T-100', 'S 90', 'X 7.8', 'Series 4', 'Pro 115'];
export const TRANSMISSIONS = ['PowerShift', 'IVT', 'CVT', 'Manual 12x12', 'e23 PowerShift', 'Hydrostatic'];
export const WORDS = [
  'clean',
  'one owner',
  'field ready',
  'new rear tyres',
  'GPS ready',
  'front weights',
  'loader brackets',
  'serviced',
  'cab air',
  'low hours',
  'hay operation',
  'row crop',
  'duals',
  'radar',
  'auto steer',
  'front PTO',
  'three point hitch',
  'heavy duty',
  'well maintained',
  'dealer trade-in',
  'off lease',
];

export { seededRandom } from '../../lib/seeded-random.js';

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** A plausible listing: skewed towards the big brands, recent years, mid-range hours and prices. */
export function sampleListing(rand: () => number): SampleListing {
  const make = rand() < 0.6 ? pick(rand, Object.keys(MODELS)) : pick(rand, LISTING_BRANDS);
  const model = pick(rand, MODELS[make] ?? OTHER_MODELS);
  const year = 2026 - Math.floor(rand() ** 1.6 * 40);
  const hours = Math.floor(rand() ** 1.4 * 12_000);
  const priceCents = Math.round((15_000 + rand() ** 1.8 * 385_000) / 100) * 100_00;
  const words = Array.from({ length: 4 + Math.floor(rand() * 6) }, () => pick(rand, WORDS));
  return {
    make,
    model,
    year,
    hours,
    priceCents,
    location: pick(rand, US_STATES)[1],
    condition: pick(rand, CONDITIONS),
    description: `${year} ${make} ${model}, ${words.join(', ')}.`,
    transmission: pick(rand, TRANSMISSIONS),
    frontLoader: rand() < 0.3,
    otherInfo: null,
    engineHours: hours,
    buildYear: year,
    rearTyreSize: rand() < 0.5 ? '710/70R42' : null,
    frontTyreSize: rand() < 0.5 ? '600/70R30' : null,
    numberOfRearRemotes: rand() < 0.5 ? 2 + Math.floor(rand() * 4) : null,
    gps: rand() < 0.3 ? 'StarFire 7000' : null,
    airBrakes: rand() < 0.3 ? true : null,
  };
}
