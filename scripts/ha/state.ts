import os from 'node:os';
import path from 'node:path';

/** Where ha:up leaves what ha:down needs: the folder and the keepers' process groups. */
export const HA_STATE_FILE = process.env.FIELDLOT_HA_STATE ?? path.join(os.tmpdir(), 'fieldlot-ha.json');

export interface HaState {
  folder: string;
  pgids: number[];
  databaseUrl: string;
  monitorUrl: string;
}
