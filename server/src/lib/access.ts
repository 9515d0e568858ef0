import { type AppRole, roleOf, type UserStatus } from '../../../domain/users.js';
import { AppError } from './app-error.js';

/** The one access check of every service method (its first line); routes declare the same rule for the API. */

export const ADMIN_ONLY = 'Access denied. Admin privileges required.';
export const ACCESS_DENIED = 'Access denied';

/**
 * Throws FORBIDDEN unless the actor's role (domain `roleOf`: admin, dealer for approved, user) is one of
 * `roles`. An admin is not implicitly a dealer here: say `'dealer', 'admin'` where both may act.
 * The message is the admin one when only admins may act, else "Access denied"; `requireRoleSaying` names it.
 */
export function requireRole(actor: { status: UserStatus }, ...roles: AppRole[]): void {
  requireRoleSaying(roles.length === 1 && roles[0] === 'admin' ? ADMIN_ONLY : ACCESS_DENIED, actor, ...roles);
}

/** `requireRole` with the message a screen shows ("Your account must be approved before you can make offers"). */
export function requireRoleSaying(message: string, actor: { status: UserStatus }, ...roles: AppRole[]): void {
  if (!roles.includes(roleOf(actor.status))) throw new AppError('FORBIDDEN', message);
}
