// The inquiries module's public file: what other modules may use (they import nothing else from this folder).
export { inquiriesRoutes } from './inquiries.routes.js';
export { expireDueFarmerOffers } from './inquiry-offers.service.js';
