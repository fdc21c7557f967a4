import { useEffect, useState } from 'react';

/**
 * Why the last page left the visitor signed out, for the page the browser lands on next: the
 * account pages and the app's start end a session with a full page load (so no state survives),
 * and only the tab's session storage crosses it. Log Out itself needs no word.
 */
export type SignedOutReason = 'account-deleted' | 'session-ended';

const KEY = 'signed-out-reason';
const REASONS: readonly SignedOutReason[] = ['account-deleted', 'session-ended'];

/** Noted just before the page goes (or while it starts): the next page that shows the notice takes it. */
export function noteSignedOut(reason: SignedOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Without storage the next page cannot say why; the visitor is signed out all the same.
  }
}

/** The noted reason, removed as it is read (a page that shows the notice itself takes it too). */
export function takeSignedOutReason(): SignedOutReason | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return REASONS.includes(reason as SignedOutReason) ? (reason as SignedOutReason) : null;
  } catch {
    return null;
  }
}

/**
 * The reason noted for this page, taken once it is on screen (after hydration: the server drew the
 * page without it), so it is shown once.
 */
export function useSignedOutReason(): SignedOutReason | null {
  const [reason, setReason] = useState<SignedOutReason | null>(null);
  useEffect(() => setReason(takeSignedOutReason()), []);
  return reason;
}
