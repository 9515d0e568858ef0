import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS,
  answerConflictText,
  CHECKPOINT_IDS,
  CHECKPOINTS,
  GRADE_RULE_TEXT,
  gradeInspection,
  gradeLabel,
  INSPECTION_SECTIONS,
  publishReadiness,
  type Rating,
  sectionSummary,
  storageWarning,
  unratedCheckpoints,
} from './inspection';
import { checkpointAnswerSchema, treadPercentSchema } from './inspection-api';

function allRated(rating: Rating, overrides: Record<string, Rating> = {}) {
  return { ...Object.fromEntries(CHECKPOINT_IDS.map((id) => [id, rating])), ...overrides };
}

/** Rates the heaviest checkpoints Repair until `share` of the total weight needs repair. */
function withRepairShare(share: number) {
  const total = CHECKPOINTS.reduce((s, c) => s + c.weight, 0);
  const ratings: Record<string, Rating> = allRated('ok');
  let cost = 0;
  for (const c of CHECKPOINTS) {
    if (cost + c.weight > share * total) continue;
    ratings[c.id] = 'repair';
    cost += c.weight;
  }
  return { ratings, share: cost / total };
}

describe('inspection template', () => {
  it('has about a hundred checkpoints in the sixteen sections, with unique ids', () => {
    expect(INSPECTION_SECTIONS.map((s) => s.title)).toEqual([
      'Identification',
      'Engine',
      'Fuel and cooling',
      'Transmission and drivetrain',
      'PTO',
      'Hydraulics and remotes',
      '3-point hitch',
      'Steering and brakes',
      'Electrical and monitors',
      'Cab and operator station',
      'Frame, axles and chassis',
      'Tyres or tracks',
      'Precision ag and GPS',
      'Attachments',
      'Fluids and leaks',
      'Documents',
    ]);
    expect(CHECKPOINTS.length).toBeGreaterThanOrEqual(95);
    expect(CHECKPOINTS.length).toBeLessThanOrEqual(115);
    expect(new Set(CHECKPOINT_IDS).size).toBe(CHECKPOINT_IDS.length);
  });
});

describe('gradeInspection (the rule printed as "How we grade")', () => {
  it('grades a tractor with everything OK 5.0 and ignores Not applicable', () => {
    expect(gradeInspection(allRated('ok')).grade).toBe(5);
    expect(gradeInspection(allRated('ok', { 'precision-ag.autosteer': 'na' })).grade).toBe(5);
  });

  it('costs one point for every tenth of the weight that needs repair', () => {
    const { ratings, share } = withRepairShare(0.1);
    const result = gradeInspection(ratings);
    expect(result.deficit).toBeCloseTo(share, 6);
    expect(result.grade).toBe(Math.round((5 - 10 * share) * 10) / 10);
    expect(result.grade).toBeGreaterThanOrEqual(3.9);
    expect(result.grade).toBeLessThanOrEqual(4.1);
  });

  it('counts Monitor as a quarter of Repair', () => {
    const repair = gradeInspection(allRated('ok', { 'engine.turbo': 'repair' }));
    const monitor = gradeInspection(allRated('ok', { 'engine.turbo': 'monitor' }));
    expect(monitor.deficit).toBeCloseTo(repair.deficit / 4, 10);
  });

  it('never goes below 1.0', () => {
    expect(gradeInspection(allRated('repair')).grade).toBe(1);
  });

  it('is capped by announcements, the lowest cap winning', () => {
    const clean = allRated('ok');
    expect(gradeInspection(clean, ['hour-meter'])).toMatchObject({ grade: 3.5, cappedBy: 'hour-meter' });
    expect(gradeInspection(clean, ['hour-meter', 'engine-knock']).grade).toBe(2);
    expect(gradeInspection(allRated('repair'), ['frame-damage'])).toMatchObject({ grade: 1, cappedBy: null });
    for (const a of ANNOUNCEMENTS) expect(gradeInspection(clean, [a.id]).grade).toBe(a.cap);
  });

  it('prints caps that match the announcements', () => {
    const text = GRADE_RULE_TEXT.join(' ');
    for (const a of ANNOUNCEMENTS) expect(text).toContain(a.cap.toFixed(1));
  });

  it('words the grade', () => {
    expect([5, 4.5, 4.4, 3.8, 3.0, 2.0, 1.9].map(gradeLabel)).toEqual([
      'Excellent',
      'Excellent',
      'Very Good',
      'Very Good',
      'Good',
      'Fair',
      'Poor',
    ]);
  });
});

describe('progress and summaries', () => {
  it('lists unrated checkpoints and summarises a section', () => {
    const ratings = { 'pto.rear-engages': 'ok', 'pto.rear-speeds': 'ok', 'pto.brake': 'monitor' } as const;
    expect(unratedCheckpoints(ratings)).toHaveLength(CHECKPOINTS.length - 3);
    expect(sectionSummary('pto', ratings)).toBe('2 OK, 1 Monitor');
    expect(sectionSummary('engine', ratings)).toBe('Not rated');
  });

  it('refuses ratings outside the four values, unknown checkpoints and tread outside 0-100', () => {
    expect(checkpointAnswerSchema.safeParse({ checkpointId: 'engine.idle', rating: 'great' }).success).toBe(
      false,
    );
    expect(checkpointAnswerSchema.safeParse({ checkpointId: 'engine.nope', rating: 'ok' }).success).toBe(
      false,
    );
    expect(checkpointAnswerSchema.safeParse({ checkpointId: 'engine.idle', rating: 'ok' }).success).toBe(
      true,
    );
    expect(treadPercentSchema.safeParse(101).success).toBe(false);
    expect(treadPercentSchema.safeParse(-1).success).toBe(false);
    expect(treadPercentSchema.safeParse(55).success).toBe(true);
  });
});

describe('what publishing still needs', () => {
  const allRated = Object.fromEntries(CHECKPOINT_IDS.map((id) => [id, 'ok' as Rating]));
  const complete = {
    ratings: allRated,
    serial: 'RW6155M123456',
    hourMeter: 3412,
    photoCheckpoints: ['identification.hour-meter', 'identification.serial-plate'],
  };

  it('is ready only with every checkpoint rated, serial, meter and both photos', () => {
    expect(publishReadiness(complete)).toEqual({ unrated: [], missing: [], ready: true });
  });

  it('lists serial, meter and their photos even when every checkpoint is rated', () => {
    const r = publishReadiness({ ratings: allRated, serial: ' ', hourMeter: null, photoCheckpoints: [] });
    expect(r.ready).toBe(false);
    expect(r.unrated).toEqual([]);
    expect(r.missing).toEqual([
      { field: 'serial', message: 'Enter the serial/PIN' },
      { field: 'hourMeter', message: 'Enter the hour-meter reading' },
      { field: 'identification.hour-meter', message: 'Add a photo of the hour meter' },
      { field: 'identification.serial-plate', message: 'Add a photo of the serial plate' },
    ]);
  });

  it('counts a meter reading of 0 as given and one missing photo alone', () => {
    const r = publishReadiness({
      ...complete,
      hourMeter: 0,
      photoCheckpoints: ['identification.hour-meter'],
    });
    expect(r.missing).toEqual([
      { field: 'identification.serial-plate', message: 'Add a photo of the serial plate' },
    ]);
    expect(r.ready).toBe(false);
  });

  it('is not ready with one checkpoint unrated', () => {
    const { [CHECKPOINT_IDS[5]]: _, ...ratings } = allRated;
    const r = publishReadiness({ ...complete, ratings });
    expect(r.unrated).toEqual([CHECKPOINT_IDS[5]]);
    expect(r.ready).toBe(false);
  });
});

describe('the storage warning', () => {
  const MB = 1024 * 1024;
  it('is shown under 150 MB free or a tenth of the quota, never when the browser does not say', () => {
    expect(storageWarning({ usage: 100 * MB, quota: 10_000 * MB })).toBeNull();
    expect(storageWarning({ usage: 9_900 * MB, quota: 10_000 * MB })).toBe(
      'Storage nearly full: 100 MB left on this phone. Send the waiting photos before taking many more.',
    );
    // Room in megabytes, but under a tenth of a small quota.
    expect(storageWarning({ usage: 2_750 * MB, quota: 3_000 * MB })).toContain(' 250 MB left');
    expect(storageWarning({ usage: 0, quota: 1_600 * MB })).toBeNull();
    expect(storageWarning({ usage: 70 * MB, quota: 60 * MB })).toContain(' 0 MB left');
    expect(storageWarning({})).toBeNull();
    expect(storageWarning({ usage: 5 })).toBeNull();
  });
});

describe('answerConflictText (two phones, one checkpoint)', () => {
  it('tells the phone what its answer replaced, or that a later one was kept instead', () => {
    expect(
      answerConflictText('replaced', { rating: 'ok', note: '' }, { rating: 'repair', note: 'Leaks' }),
    ).toBe('This replaced an answer given on another phone: Repair ("Leaks").');
    expect(answerConflictText('kept', { rating: 'repair', note: '' }, { rating: 'na', note: '' })).toBe(
      'A later answer from another phone was kept: Not applicable. Yours (Repair) was not saved.',
    );
    expect(answerConflictText('kept', { rating: null, note: 'Ask' }, { rating: 'ok', note: '' })).toBe(
      'A later answer from another phone was kept: OK. Yours (No rating ("Ask")) was not saved.',
    );
  });
});
