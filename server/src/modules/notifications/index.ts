// The notifications module's public file: what other modules may use (they import nothing else from this folder).
export { startDigestScheduler } from './digest-scheduler.js';
export { notificationsRoutes } from './notifications.routes.js';
