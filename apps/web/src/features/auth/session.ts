import { callEndpoint } from '../../lib/api-client';
import { clearStorage, type StoredSession, saveSession } from '../../lib/storage';

/** docs/product.md: a successful login or signup stores the user and reloads the whole page. */
export function completeSignIn(session: StoredSession): void {
  saveSession(session);
  window.location.reload();
}

/** docs/product.md: Log Out clears local storage and returns to '/' (a full load, so no state survives). */
export async function logOut(): Promise<void> {
  try {
    await callEndpoint('auth.logout');
  } catch (error) {
    // The local sign-out must happen even when the server cannot be told.
    console.error('Log out request failed', error);
  }
  clearStorage();
  window.location.assign('/');
}
