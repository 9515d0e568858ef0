// The auth feature's public surface for other features (scripts/check-boundaries.ts).
export { useSession } from './api/session';
export { LazySignInDialog } from './components/lazy-sign-in-dialog';
