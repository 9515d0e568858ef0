import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { Clock } from './clock.js';
import type { DomainEventBus } from './domain-events.js';
import type { Metrics } from './metrics.js';

/** What services need; built once in buildApp() and passed to every service call. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Subscribers of domain events, registered at buildApp (decision 0027). */
  events: DomainEventBus;
  /** The operator's metrics of this app (GET /metrics; decision 0037). */
  metrics: Metrics;
}

/** Who is calling, as services see it. Taken from the session by the auth plugin. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  status: 'pending' | 'rejected' | 'approved' | 'admin' | 'inspector';
}

/** Request facts services may record (audit, rate limits). */
export interface RequestInfo {
  ip: string;
  userAgent: string;
}
