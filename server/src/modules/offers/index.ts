/** The offers module's public surface. Rules and API shapes live in domain/offers.ts and domain/offers.schemas.ts. */
export { offersRoutes } from './offers.routes.js';
