// `npm run ha:down`: stops the formation `npm run ha:up` started (every keeper's process group) and removes its
// folder. Nothing else is touched.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { AutoFailoverFormation } from './auto-failover.js';
import { HA_STATE_FILE, type HaState } from './state.js';

if (!existsSync(HA_STATE_FILE)) {
  console.log('No formation is up (nothing to stop).');
  process.exit(0);
}
const state = JSON.parse(readFileSync(HA_STATE_FILE, 'utf8')) as HaState;
const formation = new AutoFailoverFormation(state.folder, { monitor: 0, nodes: [0, 0] });
await formation.down(state.pgids);
rmSync(state.folder, { recursive: true, force: true });
rmSync(HA_STATE_FILE, { force: true });
console.log(`pg_auto_failover formation stopped; ${state.folder} removed.`);
