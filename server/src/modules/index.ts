import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import type { DomainEventBus } from '../lib/domain-events.js';
import { adminRoutes } from './admin/admin.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { dataExportsRoutes } from './data-exports/index.js';
import { dealershipsRoutes } from './dealerships/dealerships.routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { inquiriesRoutes } from './inquiries/inquiries.routes.js';
import { inspectionsRoutes } from './inspections/inspections.routes.js';
import { listingsRoutes, listingsSubscriptions } from './listings/index.js';
import { observeOutbox } from './mail/index.js';
import { marketChartsRoutes, marketSubscriptions } from './market/index.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { offersRoutes } from './offers/offers.routes.js';
import { purchasesRoutes, purchasesSubscriptions } from './purchases/index.js';
import { salesRoutes } from './sales/index.js';
import { savedSearchesRoutes, savedSearchesSubscriptions } from './saved-searches/index.js';
import { siteRoutes } from './site/site.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { wantListsRoutes, wantListsSubscriptions } from './want-lists/index.js';
import { watchlistRoutes, watchlistSubscriptions } from './watchlist/index.js';

/**
 * Every feature module's routes, mounted under /api. Add one line per module.
 * Each route declares `config.access` (see plugins/auth.ts), zod schemas for input and output, and for the API
 * document `operationId` ('<feature>.<action>'), a one-line `summary` and `errors` (see openapi/route-docs.ts).
 */
export async function registerModules(api: FastifyInstance, ctx: AppContext) {
  await healthRoutes(api, ctx);
  await siteRoutes(api, ctx);
  await authRoutes(api, ctx);
  await usersRoutes(api, ctx);
  await inquiriesRoutes(api, ctx);
  await notificationsRoutes(api, ctx);
  await adminRoutes(api, ctx);
  await auditRoutes(api, ctx);
  await offersRoutes(api, ctx);
  await eventsRoutes(api, ctx);
  await listingsRoutes(api, ctx);
  await inspectionsRoutes(api, ctx);
  await watchlistRoutes(api, ctx);
  await savedSearchesRoutes(api, ctx);
  await dealershipsRoutes(api, ctx);
  await purchasesRoutes(api, ctx);
  await marketChartsRoutes(api, ctx);
  await wantListsRoutes(api, ctx);
  await dataExportsRoutes(api, ctx);
  await salesRoutes(api, ctx);
}

/** Every module's gauges of the operator's metrics, read at each scrape of /metrics (decision 0037). */
export function observeModules(ctx: AppContext) {
  observeOutbox(ctx);
}

/**
 * Every module's subscriptions to other modules' domain events (decision 0027), registered once per app by
 * buildApp. Subscribers run after the publishing transaction commits, in order of registration.
 */
export function subscribeModules(events: DomainEventBus) {
  // First: a first look's window starts before anyone is alerted of the listing.
  listingsSubscriptions(events);
  watchlistSubscriptions(events);
  savedSearchesSubscriptions(events);
  purchasesSubscriptions(events);
  wantListsSubscriptions(events);
  marketSubscriptions(events);
}
