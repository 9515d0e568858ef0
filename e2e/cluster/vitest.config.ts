import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The cluster journeys: run by scripts/cluster/run.ts (`npm run test:cluster`), which starts the cluster first. */
const context = process.env.FIELDLOT_CLUSTER;
if (!context) throw new Error('The cluster journeys run through `npm run test:cluster`');

export default defineConfig({
  resolve: { alias: { '@domain': path.resolve(import.meta.dirname, '../../domain') } },
  test: {
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['e2e/cluster/**/*.cluster.ts'],
    provide: JSON.parse(context),
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One story: a later journey needs what an earlier one made.
    sequence: { concurrent: false },
  },
});
