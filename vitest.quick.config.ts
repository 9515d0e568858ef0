import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * Tests that set process.env.TZ to read the clock's fields in another zone. Node applies a new TZ only in the
 * main thread of a process, so these run in forks; the rest stay in threads, which start faster.
 */
const TIME_ZONE_TESTS = ['web/src/lib/format.test.ts'];

// `npm run check`: the tests that need no database and no server (domain rules, web helpers, repository checks).
export default defineConfig({
  resolve: base.resolve,
  test: {
    // As `npm test`'s: a limit for a hung test, not a speed check. The ledger's property test takes 3 s alone and
    // took 31 s beside four type checks and other work on two cores, failing a check that had nothing wrong.
    testTimeout: base.test?.testTimeout,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['domain/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIME_ZONE_TESTS],
          pool: 'threads',
        },
      },
      { extends: true, test: { name: 'time zones', include: TIME_ZONE_TESTS, pool: 'forks' } },
    ],
  },
});
