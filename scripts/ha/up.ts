// `npm run ha:up`: a pg_auto_failover formation on this machine for tests (deploy/postgres-ha.md): a monitor, a
// primary and a synchronous standby on free ports, data under a temporary folder, left running. Prints the
// DATABASE_URL to give the app; `npm run ha:down` stops it and removes the folder.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/src/test/free-port.js';
import { AutoFailoverFormation } from './auto-failover.js';
import { HA_STATE_FILE } from './state.js';

if (existsSync(HA_STATE_FILE)) {
  console.error(`A formation is already up (${HA_STATE_FILE}); run npm run ha:down first.`);
  process.exit(1);
}
const folder = mkdtempSync(path.join(os.tmpdir(), 'fieldlot-ha-'));
const formation = new AutoFailoverFormation(folder, {
  monitor: await freePort(),
  nodes: [await freePort(), await freePort()],
});
const save = () =>
  writeFileSync(
    HA_STATE_FILE,
    JSON.stringify({
      folder,
      pgids: [formation.monitor, ...formation.nodes].map((k) => k.pgid).filter(Boolean),
      databaseUrl: formation.databaseUrl,
      monitorUrl: formation.monitorUrl,
    }),
  );
try {
  // Saved before waiting, so ha:down can stop what started even if the wait fails.
  const started = formation.up({ keep: true });
  const saving = setInterval(save, 200);
  await started.finally(() => clearInterval(saving));
  save();
} catch (err) {
  console.error(`ha:up failed: ${(err as Error).message}`);
  process.exit(1);
}
const nodes = await formation.states();
console.log(`pg_auto_failover formation up in ${folder}
  monitor:  ${formation.monitorUrl}
${nodes.map((n) => `  ${n.name}:    127.0.0.1:${n.port} (${n.reported})`).join('\n')}
  DATABASE_URL=${formation.databaseUrl}
State: PGDATA=${formation.monitor.pgdata} pg_autoctl show state (as the postgres user, XDG_CONFIG_HOME=${folder}/config)
Stop: npm run ha:down`);
process.exit(0);
