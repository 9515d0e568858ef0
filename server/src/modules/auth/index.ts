/** The auth module's public surface. Sessions and cookie names are shared infrastructure: lib/sessions.ts, domain/auth.ts. */
export { authRoutes } from './auth.routes.js';
export { issueSignInLink } from './auth.service.js';
