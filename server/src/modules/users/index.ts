/** The users module's public surface: what other modules (and the CLI and server start) may use. */
export { type AdminResult, createOrPromoteAdmin, ensureConfiguredAdmin } from './admin-bootstrap.js';
/** Every admin's address (new-application and sale-inquiry notices). */
export {
  adminEmails,
  createUser,
  setAddress,
  setEmailNotifications,
  setLastDigestAt,
  setPasswordHash,
  setStatus as setUserStatus,
} from './users.repository.js';
export { usersRoutes } from './users.routes.js';
