import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';

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

/**
 * Hears the events of one type on the events channel (the database's own notices as well as published events):
 * `handler` gets each, `onResume` runs when a lost listener is back (events may have been missed meanwhile),
 * `onLost` as soon as it drops. Resolves to the function that stops listening; rejects when the database cannot
 * be reached now.
 */
export function listenForEvents(
  database: Database,
  type: string,
  handler: (event: AppEvent) => void,
  onResume: () => void,
  onLost?: () => void,
): Promise<() => Promise<void>> {
  return database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      if (!payload.includes(type)) return;
      let event: AppEvent;
      try {
        event = JSON.parse(payload) as AppEvent;
      } catch {
        return;
      }
      if (event.type === type) handler(event);
    },
    { onResume, onLost },
  );
}

export async function publishEvent(exec: Executor, event: AppEvent): Promise<void> {
  await exec.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
