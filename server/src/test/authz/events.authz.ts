import type { AuthzEntry } from '../authz.js';

/** The live-event stream: any signed-in user (it only ever carries events addressed to them). */
export const authz: AuthzEntry[] = [{ method: 'GET', url: '/api/events', access: 'signedIn' }];
