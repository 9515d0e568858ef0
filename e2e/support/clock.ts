import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './browser';
import { TEST_CLOCK_FILE_NAME } from './global-setup';

/**
 * The e2e server's clock (TEST_CLOCK_FILE, test only; docs/decisions/0022): real time plus an offset the server
 * reads on every call. Time only moves forward: later journeys see the moved clock too (sessions, offers and
 * rate limits stay consistent), so a journey never moves it back; such journeys run last (e2e/vitest.config.ts).
 */
export function serverClockOffsetMs(): number {
  try {
    return Number(readFileSync(path.join(dataDir(), TEST_CLOCK_FILE_NAME), 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
}

/** Moves the server's clock forward by `ms` (effective at the server's next reading of the clock). */
export function advanceServerClock(ms: number): void {
  writeFileSync(path.join(dataDir(), TEST_CLOCK_FILE_NAME), String(serverClockOffsetMs() + ms));
}
