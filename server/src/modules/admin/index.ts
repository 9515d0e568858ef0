/** The admin module's public surface. */
export { adminRoutes } from './admin.routes.js';
