// The dealerships module's public file (docs/product/dealer-tools.md#dealership-teams).

export { dealershipsRoutes } from './dealerships.routes.js';
export {
  isOwnDealershipListing,
  refuseOwnDealershipListing,
  refuseOwnDealershipSeller,
} from './dealerships.self-dealing.js';
export {
  checkMemberMayOffer,
  currentMembership,
  deliveryAccountIds,
  type Membership,
} from './dealerships.service.js';
