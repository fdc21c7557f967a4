import { noteSignedOut } from '../hooks/use-signed-out-reason';

/**
 * The seed's client keeps the signed-in user in local storage under these keys (docs/api.md#compatibility-promise). The
 * session itself lives in an httpOnly cookie; these values only let per-user apps send the ids
 * the seed's API calls carry. What the UI shows as "signed in" comes from GET /api/me.
 */
export const storageKeys = {
  token: 'token',
  userId: 'userId',
  username: 'username',
} as const;

/** The visitor's colour scheme pick (app/color-scheme.ts): a setting of this device, kept by Log Out. */
export const COLOR_SCHEME_KEY = 'color-scheme';

export interface StoredSession {
  token: string;
  userId: number;
  username: string;
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(storageKeys.token, session.token);
  localStorage.setItem(storageKeys.userId, String(session.userId));
  localStorage.setItem(storageKeys.username, session.username);
}

export function readSession(): StoredSession | null {
  const token = localStorage.getItem(storageKeys.token);
  const userId = Number(localStorage.getItem(storageKeys.userId));
  const username = localStorage.getItem(storageKeys.username);
  if (!token || !username || !Number.isInteger(userId) || userId <= 0) return null;
  return { token, userId, username };
}

/**
 * docs/product.md: Log Out clears local storage, including what the apps stored (e.g. the weather
 * search); the colour scheme is the device's, not the user's, and stays.
 */
export function clearStorage(): void {
  const colorScheme = localStorage.getItem(COLOR_SCHEME_KEY);
  localStorage.clear();
  if (colorScheme !== null) localStorage.setItem(COLOR_SCHEME_KEY, colorScheme);
}

/**
 * The stored session has ended on the server (expiry, "log out everywhere" from another device):
 * the browser may be shared, so its user's token, offline copies and app data go as at Log Out.
 * Noted for the notice that says so (app/shell/SignedOutNotice): the call that finds it may come
 * before the notice is on screen, as a page starts.
 */
export function clearSession(): void {
  noteSignedOut('session-ended');
  clearStorage();
}
