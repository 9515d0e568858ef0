import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Browser journeys: one server (built app, temporary data folder), one test file at a time. */
export default defineConfig({
  resolve: { alias: { '@domain': path.resolve(import.meta.dirname, '../domain') } },
  test: {
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
