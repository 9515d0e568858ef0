/** The audit module's public surface (entries are written through lib/audit.ts). */
export { auditRoutes } from './audit.routes.js';
export { type ChainVerification, verifyAuditChain } from './audit.service.js';
export { startAuditVerifier } from './audit-verifier.js';
