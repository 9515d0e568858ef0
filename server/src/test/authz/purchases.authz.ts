import type { AuthzEntry } from '../authz.js';

/** Every purchases route (docs/product/purchases.md); :purchaseId is an unknown id here (404 for allowed roles). */
export const authz: AuthzEntry[] = [
  { method: 'GET', url: '/api/purchases', access: 'dealer' },
  // The deprecated alias of GET /api/purchases, kept for version 1 integrators.
  { method: 'GET', url: '/api/offers/purchased', access: 'dealer' },
  { method: 'GET', url: '/api/purchases/landed-cost', access: 'dealer' },
  { method: 'GET', url: '/api/purchases/address', access: 'dealer' },
  {
    method: 'PUT',
    url: '/api/purchases/address',
    access: 'dealer',
    body: { addressLine: '1 Main St', city: 'Ames', state: 'IA', zip: '50010' },
  },
  { method: 'GET', url: '/api/purchases/sold', access: 'dealer' },
  { method: 'GET', url: '/api/purchases/sold/:purchaseId', access: 'dealer' },
  { method: 'GET', url: '/api/purchases/:purchaseId', access: 'dealer' },
  {
    method: 'POST',
    url: '/api/purchases/:purchaseId/fulfilment',
    access: 'dealer',
    body: { fulfilment: 'collect' },
  },
  {
    method: 'POST',
    url: '/api/purchases/:purchaseId/claims',
    access: 'dealer',
    body: { checkpoints: ['not_in_report'], description: 'The loader leaks oil.' },
  },
  { method: 'POST', url: '/api/purchases/:purchaseId/claims/photos', access: 'dealer' },
  // Public as a route: every role is answered by the service, and anyone but the buyer's dealership and admins
  // gets 404 (claim-photos.test.ts covers each role against a real claim photo).
  { method: 'GET', url: '/api/purchases/:purchaseId/claims/photos/:file', access: 'public' },
  { method: 'GET', url: '/api/purchases/:purchaseId/documents/invoice.pdf', access: 'dealer' },
  {
    method: 'GET',
    url: '/api/purchases/:purchaseId/documents/credit-notes/:documentId.pdf',
    access: 'dealer',
  },
  { method: 'GET', url: '/api/purchases/:purchaseId/documents/gate-pass.pdf', access: 'dealer' },
  { method: 'GET', url: '/api/admin/purchases', access: 'admin' },
  { method: 'GET', url: '/api/admin/purchases/counts', access: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/payments',
    access: 'admin',
    body: { amount: '100', method: 'wire', reference: 'X', paidOn: '2026-11-24', expectedBalanceCents: 0 },
  },
  { method: 'POST', url: '/api/admin/purchases/:purchaseId/release', access: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/logistics',
    access: 'admin',
    body: { carrier: 'Haul Co' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/picked-up',
    access: 'admin',
    body: { date: '2026-12-01' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/delivered',
    access: 'admin',
    body: { date: '2026-12-01' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/title-received',
    access: 'admin',
    body: { date: '2026-12-01' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/title-sent',
    access: 'admin',
    body: { carrier: 'UPS', trackingNumber: '1Z1' },
  },
  { method: 'POST', url: '/api/admin/purchases/:purchaseId/complete', access: 'admin' },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/cancel',
    access: 'admin',
    body: { reason: 'Buyer backed out' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/claim-answer',
    access: 'admin',
    body: { answer: 'deny', reason: 'Matches the report' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/refunds',
    access: 'admin',
    body: { amount: '100', method: 'wire', reference: 'X', paidOn: '2026-11-24' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/payouts',
    access: 'admin',
    body: { amount: '100', method: 'wire', reference: 'X', paidOn: '2026-11-24' },
  },
  {
    method: 'POST',
    url: '/api/admin/purchases/:purchaseId/seller-repayments',
    access: 'admin',
    body: { amount: '100', method: 'wire', reference: 'X', paidOn: '2026-11-24' },
  },
  { method: 'GET', url: '/api/admin/purchases/:purchaseId/ledger', access: 'admin' },
  { method: 'GET', url: '/api/admin/money', access: 'admin' },
  { method: 'GET', url: '/api/admin/money.csv', access: 'admin' },
];
