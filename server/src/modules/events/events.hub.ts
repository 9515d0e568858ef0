import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../lib/context.js';
import { type AppEvent, EVENTS_CHANNEL } from '../../lib/events.js';

/** One connected browser tab. */
export interface EventClient {
  userId: string;
  isAdmin: boolean;
  res: ServerResponse;
}

const REPLAY_MAX = 200;

/**
 * Fans NOTIFY events out to the SSE clients of this server process. It LISTENs once (on the first client),
 * so every instance on one database hears every event and delivers it to its own connections.
 * Event ids are `<instance>-<seq>`: a reconnect that names an id of this instance gets what it missed
 * from a short buffer; any other id is told to resync (refetch).
 */
export class EventHub {
  readonly clients = new Set<EventClient>();
  readonly instance = Math.random().toString(36).slice(2, 8);
  private seq = 0;
  private recent: Array<{ id: string; event: AppEvent }> = [];
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  /**
   * Subscribes to the channel once; safe to call for every connection. Rejects while the database cannot be
   * reached (the stream request answers 503), and the next connection tries again.
   */
  start(): Promise<unknown> {
    if (!this.listening) {
      const listening = this.ctx.database.listen(EVENTS_CHANNEL, (payload) => this.receive(payload), {
        onResume: () => this.resyncAll(),
      });
      this.listening = listening;
      listening.catch(() => {
        if (this.listening === listening) this.listening = null;
      });
    }
    return this.listening;
  }

  private receive(payload: string) {
    let event: AppEvent;
    try {
      event = JSON.parse(payload) as AppEvent;
    } catch {
      this.ctx.log.warn({ payload: payload.slice(0, 200) }, 'unreadable event');
      return;
    }
    // Addressed to nobody (the database's session.changed notices, for the session cache): nothing to deliver.
    if (!event.audience?.length) return;
    const id = `${this.instance}-${++this.seq}`;
    this.recent.push({ id, event });
    if (this.recent.length > REPLAY_MAX) this.recent.shift();
    for (const client of this.clients) if (isFor(event, client)) write(client.res, id, event);
  }

  /** The listener was down: events may be lost, so every tab refetches and old ids no longer replay. */
  private resyncAll() {
    this.recent = [];
    this.ctx.log.warn({ clients: this.clients.size }, 'event listener reconnected; clients told to resync');
    for (const client of this.clients) client.res.write(`event: resync\ndata: {}\n\n`);
  }

  /** Sends what a reconnecting client missed, or a resync when this instance cannot tell. */
  replay(client: EventClient, lastEventId: string | undefined) {
    if (!lastEventId) return;
    const at = this.recent.findIndex((r) => r.id === lastEventId);
    if (!lastEventId.startsWith(`${this.instance}-`) || at === -1) {
      client.res.write(`event: resync\ndata: {}\n\n`);
      return;
    }
    for (const r of this.recent.slice(at + 1)) if (isFor(r.event, client)) write(client.res, r.id, r.event);
  }

  add(client: EventClient) {
    if (this.closed) {
      client.res.end();
      return;
    }
    this.clients.add(client);
  }

  remove(client: EventClient) {
    this.clients.delete(client);
  }

  /** On shutdown: end every stream so the server can close (an open SSE response is never idle). */
  async close() {
    this.closed = true;
    for (const client of this.clients) client.res.end();
    this.clients.clear();
    const unlisten = await this.listening?.catch(() => null);
    await unlisten?.().catch(() => {});
  }
}

/** 'signedIn': every open stream (a Timed Sale's lot moved: ids and times only, never a price). */
function isFor(event: AppEvent, client: EventClient): boolean {
  return (
    event.audience.includes(client.userId) ||
    (client.isAdmin && event.audience.includes('admins')) ||
    event.audience.includes('signedIn')
  );
}

function write(res: ServerResponse, id: string, event: AppEvent) {
  res.write(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
}
