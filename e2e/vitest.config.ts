import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that move the e2e server's clock forward (e2e/support/clock.ts) run after all the others: the clock
 * never goes back, and a day or two later would expire other journeys' offers, open invoices and digests.
 */
const MOVES_THE_CLOCK = [
  'offer-expiry-and-teams.e2e.ts',
  'farmer-tractor-first-look.e2e.ts',
  'timed-sale.e2e.ts',
  'timed-sale-clock.e2e.ts',
];

class ClockLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const moves = (f: TestSpecification) => MOVES_THE_CLOCK.some((name) => f.moduleId.endsWith(name));
    // In the list's order, every run: the offer-expiry journey reads its countdowns on a clock no journey has moved
    // yet (Vitest's own order, by earlier durations, once put the first look before it, and it failed).
    const at = (f: TestSpecification) => MOVES_THE_CLOCK.findIndex((name) => f.moduleId.endsWith(name));
    return [...sorted.filter((f) => !moves(f)), ...sorted.filter(moves).sort((a, b) => at(a) - at(b))];
  }
}

/** Browser journeys: one server (built app, temporary data folder), one test file at a time. */
export default defineConfig({
  resolve: { alias: { '@domain': path.resolve(import.meta.dirname, '../domain') } },
  test: {
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: ClockLastSequencer },
    // A journey's steps each wait at most 30 s; the whole journey gets four minutes, as the long ones always had: at a
    // load average of 28 on two cores the eight steps after a deal took more than one.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
