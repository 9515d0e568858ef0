// Zod-free, for pages that show a grade without loading zod (docs/decisions/0023).
export { gradeLabel } from './condition-grades.js';

/**
 * The FieldLot inspection: the checkpoints an inspector rates, the announcements a buyer must not miss,
 * and the grade. Rules in our words: docs/product/condition-reports.md.
 */

export const RATINGS = ['ok', 'monitor', 'repair', 'na'] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS: Record<Rating, string> = {
  ok: 'OK',
  monitor: 'Monitor',
  repair: 'Repair',
  na: 'Not applicable',
};

/** Weight 3: safety or expensive to fix; 2: affects use; 1: cosmetic or minor. */
export type Weight = 1 | 2 | 3;
export interface Checkpoint {
  id: string;
  label: string;
  weight: Weight;
}
export interface InspectionSection {
  id: string;
  title: string;
  checkpoints: readonly Checkpoint[];
}

function section(id: string, title: string, items: ReadonlyArray<readonly [string, string, Weight]>) {
  return {
    id,
    title,
    checkpoints: items.map(([key, label, weight]) => ({ id: `${id}.${key}`, label, weight })),
  } satisfies InspectionSection;
}

export const INSPECTION_SECTIONS: readonly InspectionSection[] = [
  section('identification', 'Identification', [
    ['serial-plate', 'Serial plate present and legible', 2],
    ['pin-matches', 'Serial/PIN matches the title and listing', 3],
    ['hour-meter', 'Hour meter working and readable', 3],
    ['model-matches', 'Make, model and year match the listing', 2],
    ['paint-decals', 'Paint and decals', 1],
  ]),
  section('engine', 'Engine', [
    ['cold-start', 'Starts cold without aid', 3],
    ['idle', 'Idles smoothly', 2],
    ['knock', 'No knock or abnormal noise', 3],
    ['blow-by', 'Crankcase blow-by within normal', 3],
    ['exhaust-smoke', 'Exhaust smoke under load', 2],
    ['oil-pressure', 'Oil pressure', 3],
    ['turbo', 'Turbocharger', 2],
    ['belts-pulleys', 'Belts and pulleys', 1],
    ['air-filter', 'Air intake and filter', 1],
    ['emissions', 'Emissions system (DEF, DPF, EGR)', 2],
  ]),
  section('fuel-cooling', 'Fuel and cooling', [
    ['fuel-tank', 'Fuel tank and cap', 1],
    ['fuel-lines', 'Fuel lines and filters', 2],
    ['injection', 'Injection pump and injectors', 3],
    ['radiator', 'Radiator and coolers clean and undamaged', 2],
    ['coolant', 'Coolant level and condition', 2],
    ['hoses', 'Coolant hoses and clamps', 1],
    ['fan', 'Fan and shroud', 1],
    ['water-pump', 'Water pump', 2],
  ]),
  section('drivetrain', 'Transmission and drivetrain', [
    ['shifts-forward', 'Shifts through all forward gears', 3],
    ['shifts-reverse', 'Shifts into reverse and shuttle', 3],
    ['clutch', 'Clutch engagement', 3],
    ['noise', 'No gear or bearing noise', 2],
    ['mfwd', 'Front-wheel drive engages', 2],
    ['diff-lock', 'Differential lock', 2],
    ['final-drives', 'Final drives', 3],
    ['park-lock', 'Park lock holds', 3],
  ]),
  section('pto', 'PTO', [
    ['rear-engages', 'Rear PTO engages and disengages', 3],
    ['rear-speeds', 'Rear PTO speeds (540/1000)', 2],
    ['rear-shaft', 'Rear PTO shaft and shield', 2],
    ['front-pto', 'Front PTO', 1],
    ['brake', 'PTO brake stops the shaft', 2],
  ]),
  section('hydraulics', 'Hydraulics and remotes', [
    ['pump', 'Hydraulic pump output', 3],
    ['remotes-work', 'Rear remotes extend and retract', 2],
    ['remote-couplers', 'Remote couplers', 1],
    ['remote-leaks', 'No leaks at remotes', 2],
    ['mid-mount', 'Mid-mount valves', 1],
    ['loader-valve', 'Loader valve and joystick', 2],
    ['oil-level', 'Hydraulic oil level and condition', 2],
    ['filters', 'Hydraulic filters', 1],
    ['cylinders', 'Cylinders and rods', 2],
    ['hoses', 'Hydraulic hoses', 2],
    ['power-beyond', 'Power beyond', 1],
    ['response', 'Response under load', 2],
  ]),
  section('hitch', '3-point hitch', [
    ['lift', 'Lifts and lowers smoothly', 3],
    ['holds', 'Holds a load without drifting', 2],
    ['lower-links', 'Lower links and ends', 2],
    ['top-link', 'Top link', 1],
    ['quick-hitch', 'Quick hitch', 1],
    ['sway', 'Sway blocks and stabilisers', 1],
    ['drawbar', 'Drawbar and pin', 2],
    ['front-linkage', 'Front linkage', 1],
  ]),
  section('steering-brakes', 'Steering and brakes', [
    ['steering-play', 'Steering free play', 3],
    ['steering-cylinder', 'Steering cylinder and tie rods', 2],
    ['kingpins', 'Kingpins and front axle pivots', 2],
    ['service-brakes', 'Service brakes stop evenly', 3],
    ['park-brake', 'Parking brake holds', 3],
    ['trailer-brakes', 'Trailer brake valve (air or hydraulic)', 2],
  ]),
  section('electrical', 'Electrical and monitors', [
    ['batteries', 'Batteries and cables', 2],
    ['starter', 'Starter', 2],
    ['alternator', 'Alternator charges', 2],
    ['lights', 'Road and work lights', 1],
    ['beacon', 'Beacon and hazard lights', 1],
    ['gauges', 'Gauges and warning lamps', 2],
    ['fault-codes', 'No active fault codes', 3],
    ['display', 'Display and armrest controls', 2],
    ['wiring', 'Wiring harness', 2],
  ]),
  section('cab', 'Cab and operator station', [
    ['glass', 'Glass and mirrors', 1],
    ['doors', 'Doors, latches and seals', 1],
    ['seat', 'Seat and suspension', 1],
    ['climate', 'Air conditioning and heat', 2],
    ['wipers', 'Wipers and washers', 1],
    ['rops', 'ROPS or cab frame undamaged', 3],
    ['seat-belt', 'Seat belt', 2],
    ['cab-suspension', 'Cab suspension', 1],
    ['interior', 'Interior trim and floor', 1],
    ['radio', 'Radio and auxiliary power', 1],
  ]),
  section('frame', 'Frame, axles and chassis', [
    ['frame', 'Frame and rails: no cracks or welds', 3],
    ['front-axle', 'Front axle and suspension', 3],
    ['rear-axle', 'Rear axle housings', 3],
    ['weights', 'Weights and brackets', 1],
    ['hood-panels', 'Hood and side panels', 1],
    ['fenders', 'Fenders and steps', 1],
  ]),
  section('tyres', 'Tyres or tracks', [
    ['front-tyres', 'Front tyres or tracks', 2],
    ['rear-tyres', 'Rear tyres or tracks', 2],
    ['rims', 'Rims and hubs', 2],
    ['duals', 'Duals and spacers', 1],
    ['wear-pattern', 'Even wear pattern', 1],
  ]),
  section('precision-ag', 'Precision ag and GPS', [
    ['receiver', 'GPS receiver', 1],
    ['display', 'Guidance display', 1],
    ['autosteer', 'Auto-steer works', 2],
    ['subscriptions', 'Activations and subscriptions transfer', 1],
  ]),
  section('attachments', 'Attachments', [
    ['loader', 'Front loader frame and pins', 2],
    ['bucket', 'Bucket or implement', 1],
    ['quick-attach', 'Quick attach', 1],
    ['included', 'Included attachments match the listing', 2],
  ]),
  section('fluids', 'Fluids and leaks', [
    ['engine-oil', 'Engine oil level and condition', 2],
    ['transmission-oil', 'Transmission oil level and condition', 2],
    ['engine-leaks', 'No engine oil leaks', 2],
    ['transmission-leaks', 'No transmission or axle leaks', 2],
    ['coolant-leaks', 'No coolant leaks', 2],
    ['fuel-leaks', 'No fuel leaks', 3],
  ]),
  section('documents', 'Documents', [
    ['title', 'Title or proof of ownership on file', 3],
    ['service-records', 'Service records', 1],
    ['manuals', "Operator's manual", 1],
    ['keys', 'Keys (two sets)', 1],
  ]),
];

export const CHECKPOINTS: readonly Checkpoint[] = INSPECTION_SECTIONS.flatMap((s) => s.checkpoints);
export const CHECKPOINT_IDS: readonly string[] = CHECKPOINTS.map((c) => c.id);
const CHECKPOINT_BY_ID = new Map(CHECKPOINTS.map((c) => [c.id, c]));
export function checkpointById(id: string): Checkpoint | undefined {
  return CHECKPOINT_BY_ID.get(id);
}

/**
 * The engine-sound recording: optional, up to 30 seconds, a checkpoint of its own on the Engine screen that is not
 * rated (the 100-point count is unchanged). It travels with the photos (same queue, ids and checks) and is kept as
 * recorded (docs/product/condition-reports.md#engine-sound).
 */
export const ENGINE_SOUND_ID = 'engine.sound';
export const ENGINE_SOUND_LABEL = 'Engine sound';
export const ENGINE_SOUND_MAX_SECONDS = 30;
export const RECORDING_MAX_BYTES = 5 * 1024 * 1024;
/** The checkpoints a photo or recording may be filed under: every rated one, and the engine sound. */
export const isMediaCheckpoint = (id: string) => id === ENGINE_SOUND_ID || CHECKPOINT_BY_ID.has(id);

/** One checkpoint's answer as a sentence part: "Repair ("Pump output low")". */
const answerText = (a: { rating: Rating | null; note: string }) =>
  `${a.rating ? RATING_LABELS[a.rating] : 'No rating'}${a.note ? ` ("${a.note}")` : ''}`;

/**
 * What the inspector is told when two phones answered one checkpoint (docs/product/condition-reports.md#two-phones):
 * their answer replaced the other phone's, or the other phone's later answer was kept instead of theirs.
 */
export function answerConflictText(
  outcome: 'replaced' | 'kept',
  mine: { rating: Rating | null; note: string },
  other: { rating: Rating | null; note: string },
): string {
  return outcome === 'replaced'
    ? `This replaced an answer given on another phone: ${answerText(other)}.`
    : `A later answer from another phone was kept: ${answerText(other)}. Yours (${answerText(mine)}) was not saved.`;
}

/** Things a buyer must not miss, shown first; each caps the grade. */
export const ANNOUNCEMENTS = [
  { id: 'frame-damage', label: 'Frame damage or weld repair', cap: 2.5 },
  { id: 'engine-knock', label: 'Engine knock or excessive blow-by', cap: 2.0 },
  { id: 'hour-meter', label: 'Hour meter replaced or not working', cap: 3.5 },
  { id: 'non-original-engine', label: 'Non-original engine', cap: 3.5 },
  { id: 'salvage-or-lien', label: 'Salvage title or lien', cap: 3.0 },
] as const;
export type AnnouncementId = (typeof ANNOUNCEMENTS)[number]['id'];
export const ANNOUNCEMENT_IDS = ANNOUNCEMENTS.map((a) => a.id) as [AnnouncementId, ...AnnouncementId[]];

/** Tyre (or track) positions with a tread reading; duals are optional. */
export const TYRE_POSITIONS = [
  { id: 'front-left', label: 'Front left' },
  { id: 'front-right', label: 'Front right' },
  { id: 'rear-left', label: 'Rear left' },
  { id: 'rear-right', label: 'Rear right' },
  { id: 'rear-left-outer', label: 'Rear left outer dual' },
  { id: 'rear-right-outer', label: 'Rear right outer dual' },
] as const;
export type TyrePosition = (typeof TYRE_POSITIONS)[number]['id'];

/** How much of a checkpoint's weight a rating costs. Not applicable does not count at all. */
export const RATING_PENALTY: Record<Exclude<Rating, 'na'>, number> = { ok: 0, monitor: 0.25, repair: 1 };
/** Grade points lost per unit of weighted deficit: 10% of the weight needing repair costs one point. */
export const DEFICIT_SCALE = 10;
export const GRADE_MIN = 1;
export const GRADE_MAX = 5;

/** "How we grade", printed on every report. Keep it true to `gradeInspection`. */
export const GRADE_RULE_TEXT = [
  'Every checkpoint has a weight: 3 for safety items and costly repairs, 2 for items that affect use, 1 for cosmetic or minor items.',
  'OK costs nothing, Monitor costs a quarter of the weight, Repair costs the whole weight, and Not applicable is left out.',
  'The deficit is the cost divided by the total weight of the rated checkpoints. The grade is 5.0 minus 10 times the deficit, never below 1.0, rounded to one decimal: a tractor with 10% of its weight needing repair grades 4.0.',
  'Each announcement caps the grade: engine knock or blow-by at 2.0, frame damage or weld repair at 2.5, salvage title or lien at 3.0, a replaced or broken hour meter or a non-original engine at 3.5.',
] as const;

export type Ratings = Readonly<Record<string, Rating | undefined>>;

export interface GradeResult {
  grade: number;
  deficit: number;
  rated: number;
  cappedBy: AnnouncementId | null;
}

/** The grade of a set of ratings and announcements: see GRADE_RULE_TEXT. */
export function gradeInspection(
  ratings: Ratings,
  announcements: readonly AnnouncementId[] = [],
): GradeResult {
  let weight = 0;
  let cost = 0;
  let rated = 0;
  for (const checkpoint of CHECKPOINTS) {
    const rating = ratings[checkpoint.id];
    if (!rating) continue;
    rated += 1;
    if (rating === 'na') continue;
    weight += checkpoint.weight;
    cost += checkpoint.weight * RATING_PENALTY[rating];
  }
  const deficit = weight === 0 ? 0 : cost / weight;
  let grade = Math.max(GRADE_MIN, GRADE_MAX - DEFICIT_SCALE * deficit);
  let cappedBy: AnnouncementId | null = null;
  for (const a of ANNOUNCEMENTS) {
    if (announcements.includes(a.id) && grade > a.cap) {
      grade = a.cap;
      cappedBy = a.id;
    }
  }
  return { grade: Math.round(grade * 10) / 10, deficit, rated, cappedBy };
}

/** Checkpoints not yet rated: publishing needs none. */
export function unratedCheckpoints(ratings: Ratings): string[] {
  return CHECKPOINT_IDS.filter((id) => !ratings[id]);
}

/** Photos the identification section must carry before a report can be published. */
export const REQUIRED_PHOTOS = [
  { checkpointId: 'identification.hour-meter', message: 'Add a photo of the hour meter' },
  { checkpointId: 'identification.serial-plate', message: 'Add a photo of the serial plate' },
] as const;

/** One thing publishing still needs besides ratings: its field (as the server's error names it) and what to do. */
export interface MissingForPublish {
  field: 'serial' | 'hourMeter' | (typeof REQUIRED_PHOTOS)[number]['checkpointId'];
  message: string;
}

export interface PublishReadiness {
  unrated: string[];
  missing: MissingForPublish[];
  ready: boolean;
}

/**
 * What a report still needs before it can be published (docs/product/condition-reports.md#publishing): every
 * checkpoint rated, the serial/PIN, the hour-meter reading and the photos of meter and plate. The server's publish
 * refuses on it and the inspector's screen lists it, so they never disagree.
 */
export function publishReadiness(draft: {
  ratings: Ratings;
  serial: string | null | undefined;
  hourMeter: number | null | undefined;
  photoCheckpoints: readonly string[];
}): PublishReadiness {
  const unrated = unratedCheckpoints(draft.ratings);
  const missing: MissingForPublish[] = [];
  if (!draft.serial?.trim()) missing.push({ field: 'serial', message: 'Enter the serial/PIN' });
  if (draft.hourMeter == null) missing.push({ field: 'hourMeter', message: 'Enter the hour-meter reading' });
  for (const req of REQUIRED_PHOTOS)
    if (!draft.photoCheckpoints.includes(req.checkpointId))
      missing.push({ field: req.checkpointId, message: req.message });
  return { unrated, missing, ready: unrated.length === 0 && missing.length === 0 };
}

/** Counts per rating of one section, for "Hydraulics: 11 OK, 1 Monitor". */
export function sectionCounts(sectionId: string, ratings: Ratings): Record<Rating, number> {
  const counts: Record<Rating, number> = { ok: 0, monitor: 0, repair: 0, na: 0 };
  const found = INSPECTION_SECTIONS.find((s) => s.id === sectionId);
  for (const c of found?.checkpoints ?? []) {
    const r = ratings[c.id];
    if (r) counts[r] += 1;
  }
  return counts;
}

export function sectionSummary(sectionId: string, ratings: Ratings): string {
  const counts = sectionCounts(sectionId, ratings);
  const parts = (['ok', 'monitor', 'repair', 'na'] as const)
    .filter((r) => counts[r] > 0)
    .map((r) => `${counts[r]} ${RATING_LABELS[r]}`);
  return parts.length ? parts.join(', ') : 'Not rated';
}

/**
 * The inspector app's warning when the phone's storage for it runs low (docs/product/condition-reports.md#offline):
 * under 150 MB free (about 50 photos) or under a tenth of what the browser allows it. Null when there is room, or
 * when the browser does not say.
 */
export const STORAGE_LOW_BYTES = 150 * 1024 * 1024;
export function storageWarning(estimate: { usage?: number; quota?: number }): string | null {
  const { usage, quota } = estimate;
  if (!quota || usage === undefined) return null;
  const free = Math.max(0, quota - usage);
  if (free >= STORAGE_LOW_BYTES && free >= quota / 10) return null;
  const mb = Math.floor(free / (1024 * 1024));
  return `Storage nearly full: ${mb} MB left on this phone. Send the waiting photos before taking many more.`;
}
