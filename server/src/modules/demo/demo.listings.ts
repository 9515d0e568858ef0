import type { Condition } from '../../../../domain/listings.js';
import type { listings } from '../../db/schema.js';
import { DEMO_MODELS, DEMO_STATES, type ModelSpec, ORIGINS, prng, SERVICE_NOTES, USES } from './demo.data.js';
import { demoYard } from './demo.yards.js';

type ListingInsert = typeof listings.$inferInsert;

const INACTIVE_MODELS = new Set(['Workmaster 75', 'X6.440', 'Fastrac 8330']);
const GPS: Record<string, string> = {
  'John Deere': 'StarFire 7000 receiver, AutoTrac activated',
  'Case IH': 'AFS Pro 1200 display, AccuGuide',
  'New Holland': 'IntelliView 12 display, IntelliSteer',
  Fendt: 'Fendt Guide with NovAtel receiver',
  Claas: 'CEMIS 1200, GPS Pilot',
  'Massey Ferguson': 'Fieldstar 5 with Auto-Guide 3000',
};

const round = (value: number, step: number) => Math.round(value / step) * step;

/**
 * Asking price in dollars from the model's new price, its age and its hours (a floor price once made six
 * tractors, a 2009 AGCO DT225B among them, cost exactly $18,000). Value falls fast in the first years and
 * levels off at about a third; hours above the usual for the age take up to 15% off, fewer add up to 10%.
 * `noise` (0..1) spreads equal tractors by +-6%; prices end in a round hundred, as dealers write them.
 */
export function demoPrice(
  spec: Pick<ModelSpec, 'price' | 'kind'>,
  age: number,
  hours: number,
  noise: number,
) {
  const residual = 0.3 + 0.7 * 0.87 ** age;
  const usual = age * (spec.kind === 'compact' ? 150 : 450);
  const hoursFactor = Math.min(1.1, Math.max(0.85, 1 - (0.15 * (hours - usual)) / usual));
  const price = spec.price * residual * hoursFactor * (0.94 + noise * 0.12);
  return Math.min(650_000, Math.max(2_500, round(price, 100)));
}

/** About 60 realistic listings: deterministic, spread over the last two months, newest first in catalog order. */
export function buildDemoListings(ownerId: string, now: Date): ListingInsert[] {
  const rand = prng(2025);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  return DEMO_MODELS.map((spec, i) => {
    const year = Math.min(2025, spec.years[0] + Math.floor(rand() * (spec.years[1] - spec.years[0] + 1)));
    const age = Math.max(0.5, 2026 - year);
    const perYear = spec.kind === 'compact' ? 90 + rand() * 120 : 280 + rand() * 340;
    const hours = round(age * perYear, 5);
    const price = demoPrice(spec, age, hours, rand());
    const state = pick(DEMO_STATES);
    const frontLoader =
      spec.kind === 'compact' ? rand() < 0.8 : spec.kind === 'utility' ? rand() < 0.5 : false;
    const condition = conditionFor(age, hours, rand);
    const notes = [...SERVICE_NOTES].sort(() => rand() - 0.5).slice(0, 2);
    const description = [
      `${year} ${spec.make} ${spec.model}, ${spec.hp} hp${frontLoader ? ' with front loader' : ''}.`,
      pick(USES[spec.kind]),
      pick(ORIGINS).replace('{state}', state),
      ...notes,
      'Passed our 110-point inspection; the condition report is available to approved dealers.',
    ].join(' ');
    const created = new Date(now.getTime() - (i * 23 + Math.floor(rand() * 10)) * 3_600_000 - 3_600_000);
    return {
      userId: ownerId,
      make: spec.make,
      model: spec.model,
      year,
      hours,
      priceCents: price * 100,
      location: state,
      ...demoYard(state),
      condition,
      description,
      transmission: spec.transmission,
      frontLoader,
      otherInfo:
        rand() < 0.4
          ? pick([
              'Trucking across the US can be arranged by your account manager.',
              'Operator manual and spare keys included.',
              'Ballast weights included in the sale.',
              'Warranty transferable until the end of next season.',
            ])
          : null,
      status: INACTIVE_MODELS.has(spec.model) ? 'inactive' : 'active',
      ...specFields(spec, year, hours, rand),
      createdAt: created,
      updatedAt: created,
    };
  });
}

function conditionFor(age: number, hours: number, rand: () => number): Condition {
  if (hours > 7000 && rand() < 0.5) return 'Poor';
  if (age <= 2) return 'Excellent';
  if (age <= 4) return rand() < 0.6 ? 'Excellent' : 'Very Good';
  if (age <= 8) return rand() < 0.5 ? 'Very Good' : 'Good';
  return rand() < 0.6 ? 'Good' : 'Fair';
}

/** Technical specifications: most big tractors have them filled, compact ones only a few. */
function specFields(
  spec: ModelSpec,
  year: number,
  hours: number,
  rand: () => number,
): Partial<ListingInsert> {
  if (spec.kind === 'compact') {
    return rand() < 0.5 ? { engineHours: hours, buildYear: year, rearTyreSize: '13.6-16 R4' } : {};
  }
  if (spec.kind === 'utility' && rand() < 0.35) return { engineHours: hours, buildYear: year };
  const big = spec.hp >= 250;
  const tyres =
    spec.kind === 'track'
      ? { rearTyreSize: big ? '30 in tracks' : '25 in tracks', frontTyreSize: null }
      : big
        ? { rearTyreSize: '710/70R42', frontTyreSize: '600/70R30' }
        : spec.hp >= 150
          ? { rearTyreSize: '650/65R42', frontTyreSize: '540/65R30' }
          : { rearTyreSize: '480/70R38', frontTyreSize: '380/70R28' };
  const remotes = big ? 5 : spec.hp >= 150 ? 4 : 3;
  return {
    engineHours: hours,
    buildYear: year,
    topSpeed: spec.kind === 'fourwd' && spec.make === 'JCB' ? '40 mph' : spec.hp >= 150 ? '31 mph' : '25 mph',
    frontLinkage:
      spec.hp >= 150 && rand() < 0.6
        ? `Yes, ${round(spec.hp * 40, 100).toLocaleString('en-US')} lb lift`
        : null,
    frontPto: spec.hp >= 150 && rand() < 0.4 ? '1000 rpm' : null,
    frontSuspension: spec.kind === 'track' ? null : spec.hp >= 130 ? 'Yes' : null,
    cabSuspension: spec.hp >= 150 ? 'Yes' : null,
    midMountValves: spec.hp >= 150 && rand() < 0.5 ? '2' : null,
    gps: spec.hp >= 150 ? (GPS[spec.make] ?? 'Trimble GFX-750 display, Autopilot ready') : null,
    ...tyres,
    pumpSize: big ? '85 gpm' : spec.hp >= 150 ? '58 gpm' : '30 gpm',
    numberOfRearRemotes: remotes,
    rearRemoteType: spec.hp >= 150 ? 'Electro-hydraulic' : 'Mechanical',
    airBrakes: spec.hp >= 200 ? rand() < 0.7 : false,
  };
}
