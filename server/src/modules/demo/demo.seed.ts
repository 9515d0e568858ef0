import type { AppContext } from '../../lib/context.js';

/** Demo data on first run (placeholder until the foundation's demo seed lands). */
export async function seedDemoData(_ctx: AppContext): Promise<{ signInLines: string[] }> {
  return { signInLines: [] };
}
