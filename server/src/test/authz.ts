import type { Access } from '../plugins/auth.js';

/**
 * One row of the authorization matrix (see authz-matrix.test.ts). Each module lists its routes in
 * `test/authz/<module>.authz.ts` as `export const authz: AuthzEntry[]`.
 *
 * `url` may use the fixture placeholders the matrix test fills in:
 *   :listingId  an active listing          :offerId    a pending offer made by `dealer` on that listing
 *   :inquiryId  a pending sale inquiry     :userId     the pending applicant's user id
 *   :imageId    an image of the listing
 *   :file       a claim photo file name that no claim holds
 * The expected answer per role follows from `access`: signed out -> 401 unless public; pending and rejected ->
 * 403 for dealer/inspector/admin routes; dealer -> 403 for inspector and admin routes; inspector -> 403 for dealer
 * and admin routes; otherwise not 401/403. With `ownedBy: 'dealer'`,
 * `otherDealer` (an approved dealer who does not own the record) must get 404.
 */
export interface AuthzEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: Access;
  ownedBy?: 'dealer';
  /** A body that passes validation, so allowed roles reach the handler. */
  body?: unknown;
}
