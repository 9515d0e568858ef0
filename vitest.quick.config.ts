import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run check`: the tests that need no database and no server (domain rules, web helpers, repository checks).
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: ['domain/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
