import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Realtime events go through PostgreSQL NOTIFY so every server instance hears them.
 * Inside a transaction, the notification is delivered at commit (and dropped on rollback).
 */
export const EVENTS_CHANNEL = 'fieldlot_events';

export interface AppEvent {
  type: string;
  /** Who should receive it: a user id, or 'admins'. */
  audience: string[];
  data: Record<string, unknown>;
}

export async function publishEvent(exec: Executor, event: AppEvent): Promise<void> {
  await exec.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
