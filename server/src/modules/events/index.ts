/** The events module's public surface (events are published through lib/events.ts). */
export { eventsRoutes } from './events.routes.js';
