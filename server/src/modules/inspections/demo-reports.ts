import {
  type AnnouncementId,
  CHECKPOINTS,
  gradeInspection,
  type Rating,
  TYRE_POSITIONS,
} from '../../../../domain/inspection.js';
import { gradeToTenths } from '../../../../domain/inspection-api.js';
import type { Executor } from '../../db/client.js';
import { inspectionRatings, inspectionRevisions, inspections } from '../../db/schema.js';
import { seededRandom } from '../../lib/seeded-random.js';
import { setListingGrade } from '../listings/index.js';

/** What the demo report of a listing is made from: its condition, description and equipment. */
export interface DemoListingFacts {
  id: string;
  make: string;
  model: string;
  year: number;
  hours: number;
  condition: string | null;
  description: string;
  frontLoader: boolean;
  gps: string | null;
  frontPto: string | null;
  frontLinkage: string | null;
  midMountValves: string | null;
  rearTyreSize: string | null;
  createdAt: Date;
}

/**
 * Grade band per listed condition (inside the band of its word, see gradeLabel): an "Excellent" tractor grades
 * about 4.5 to 4.8, a "Fair" one about 2.3 to 2.8 with Repair items. Each tractor lands somewhere in its band.
 */
const BAND: Record<string, [number, number]> = {
  Excellent: [4.5, 4.8],
  'Very Good': [3.9, 4.3],
  Good: [3.1, 3.6],
  Fair: [2.3, 2.8],
  Poor: [1.3, 1.9],
};
/** Share of the findings that are Repair (the rest Monitor). */
const REPAIR_SHARE: Record<string, number> = {
  Excellent: 0,
  'Very Good': 0.15,
  Good: 0.3,
  Fair: 0.5,
  Poor: 0.6,
};
const TREAD: Record<string, [number, number]> = {
  Excellent: [78, 92],
  'Very Good': [62, 78],
  Good: [45, 62],
  Fair: [25, 42],
  Poor: [12, 30],
};

/** Checkpoints the description vouches for: never marked down, so report and description agree. */
const VOUCHED: Array<[RegExp, string[]]> = [
  [/New rear tires/i, ['tyres.rear-tyres']],
  [/Cab is clean/i, ['cab.seat', 'cab.climate', 'cab.interior']],
  [
    /No leaks; transmission shifts smoothly/i,
    [
      'fluids.engine-leaks',
      'fluids.transmission-leaks',
      'fluids.coolant-leaks',
      'fluids.fuel-leaks',
      'drivetrain.shifts-forward',
      'drivetrain.shifts-reverse',
      'hydraulics.remote-leaks',
    ],
  ],
  [/Full service records/i, ['documents.service-records']],
  [/Fresh DEF system service and new batteries/i, ['engine.emissions', 'electrical.batteries']],
  [
    /Engine oil, filters and hydraulic fluid changed/i,
    ['fluids.engine-oil', 'hydraulics.oil-level', 'hydraulics.filters'],
  ],
];

const seedOf = (id: string) => [...id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

/** A deterministic, believable report for one demo listing. */
export function demoReport(l: DemoListingFacts) {
  const rand = seededRandom(seedOf(`${l.make}${l.model}${l.year}`));
  const ratings: Record<string, Rating> = {};
  const notes: Record<string, string> = {};
  const tracks = /tracks/i.test(l.rearTyreSize ?? '');
  const notFitted = new Set<string>([
    ...(l.frontLoader ? [] : ['attachments.loader', 'attachments.bucket', 'attachments.quick-attach']),
    ...(l.gps
      ? []
      : [
          'precision-ag.receiver',
          'precision-ag.display',
          'precision-ag.autosteer',
          'precision-ag.subscriptions',
        ]),
    ...(l.frontPto ? [] : ['pto.front-pto']),
    ...(l.frontLinkage ? [] : ['hitch.front-linkage']),
    ...(l.midMountValves ? [] : ['hydraulics.mid-mount']),
    'tyres.duals',
  ]);
  for (const c of CHECKPOINTS) ratings[c.id] = notFitted.has(c.id) ? 'na' : 'ok';
  const vouched = new Set(VOUCHED.filter(([re]) => re.test(l.description)).flatMap(([, ids]) => ids));
  if (/Minor paint wear on the fenders/i.test(l.description)) {
    ratings['identification.paint-decals'] = 'monitor';
    ratings['frame.fenders'] = 'monitor';
    notes['frame.fenders'] = 'Paint worn on both fenders; cosmetic only.';
  }

  const condition = l.condition && BAND[l.condition] ? l.condition : 'Good';
  const [low, high] = BAND[condition];
  const target = Math.round((low + rand() * (high - low)) * 10) / 10;
  const repairShare = REPAIR_SHARE[condition];
  const candidates = CHECKPOINTS.filter(
    (c) =>
      ratings[c.id] === 'ok' &&
      !vouched.has(c.id) &&
      !c.id.startsWith('identification.') &&
      !c.id.startsWith('documents.title'),
  ).sort(() => rand() - 0.5);
  // Excellent tractors only show wear on minor items; older ones anywhere.
  const pool = condition === 'Excellent' ? candidates.filter((c) => c.weight <= 2) : candidates;
  const announcements: AnnouncementId[] = [];
  if (condition === 'Poor' && rand() < 0.5) announcements.push('frame-damage');
  for (const c of pool) {
    if (gradeInspection(ratings, announcements).grade <= target) break;
    const repair = rand() < repairShare;
    ratings[c.id] = repair ? 'repair' : 'monitor';
    notes[c.id] = repair
      ? `${c.label}: needs repair before heavy work; allow for it in your price.`
      : `${c.label}: normal wear for ${l.hours.toLocaleString('en-US')} hours; check at the next service.`;
  }
  if (condition === 'Fair' && !Object.values(ratings).includes('repair')) {
    const c = pool.find((x) => ratings[x.id] === 'monitor') ?? pool[0];
    ratings[c.id] = 'repair';
    notes[c.id] = `${c.label}: needs repair before heavy work; allow for it in your price.`;
  }

  const [lo, hi] = TREAD[condition];
  const tread = () => Math.round(lo + rand() * (hi - lo));
  const treads: Record<string, number> = {};
  for (const p of TYRE_POSITIONS) {
    if (p.id.endsWith('-outer')) continue;
    if (tracks && p.id.startsWith('front')) continue;
    treads[p.id] =
      p.id.startsWith('rear') && vouched.has('tyres.rear-tyres') ? 90 + Math.round(rand() * 5) : tread();
  }
  const letters = l.make.replace(/[^A-Z]/g, '').slice(0, 2) || 'FL';
  const serial = `${letters}${l.model
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 6)}${String(Math.floor(rand() * 900_000) + 100_000)}`;
  const grade = gradeInspection(ratings, announcements).grade;
  return { ratings, notes, announcements, treads, serial, grade };
}

/**
 * Writes a published first revision (and the matching draft) for every demo listing, by the demo inspector,
 * dated shortly before the listing went live. Runs inside the demo seed's transaction.
 */
export async function seedDemoReports(
  tx: Executor,
  rows: DemoListingFacts[],
  inspector: { id: string; name: string },
): Promise<void> {
  for (const l of rows) {
    const r = demoReport(l);
    const publishedAt = new Date(l.createdAt.getTime() - 2 * 3_600_000);
    const [inspection] = await tx
      .insert(inspections)
      .values({
        listingId: l.id,
        serial: r.serial,
        hourMeter: l.hours,
        announcements: r.announcements,
        treads: r.treads,
        updatedBy: inspector.id,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .returning({ id: inspections.id });
    await tx.insert(inspectionRatings).values(
      Object.entries(r.ratings).map(([checkpointId, rating]) => ({
        inspectionId: inspection.id,
        checkpointId,
        rating,
        note: r.notes[checkpointId] ?? '',
        updatedAt: publishedAt,
      })),
    );
    await tx.insert(inspectionRevisions).values({
      inspectionId: inspection.id,
      listingId: l.id,
      number: 1,
      gradeTenths: gradeToTenths(r.grade),
      serial: r.serial,
      hourMeter: l.hours,
      announcements: r.announcements,
      treads: r.treads,
      ratings: Object.fromEntries(
        Object.entries(r.ratings).map(([id, rating]) => [id, { rating, note: r.notes[id] ?? '' }]),
      ),
      photos: [],
      inspectorUserId: inspector.id,
      inspectorName: inspector.name,
      publishedAt,
    });
    await setListingGrade(tx, l.id, gradeToTenths(r.grade), false);
  }
}
