import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: the bearer token and cookie value of one session. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Only this digest is stored, so a leaked database does not leak live sessions. The one-shot
 * `hash` (0.3 µs) rather than a Hash object (0.7 µs): every signed-in request makes one.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
