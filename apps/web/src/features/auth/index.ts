/*
 * The auth feature's public API: the one feature other features may import, and only from here.
 * (The login and signup forms are internal; the modals' provider loads them when first opened.)
 */
export { seedVisitorSession } from './api/seed-visitor';
export { useHealth } from './api/use-health';
export { useMe } from './api/use-me';
export { AuthModalsProvider, useAuthModals } from './auth-modals-context';
export { LoginRequiredCard } from './LoginRequiredCard';
export { RequireSignIn } from './RequireSignIn';
export { logOut } from './session';
export { holdsSession, SessionKnownContext } from './session-known';
