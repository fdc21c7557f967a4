import { createHmac } from 'node:crypto';
import { safeEqual } from '../tokens.js';

/**
 * A browser that signed in to an account before may keep logging in to it while strangers have
 * used up the account's attempt ceiling (docs/api.md#limits). Its proof is this httpOnly cookie,
 * `<user id>.<expiry, epoch seconds>.<MAC>`, set on every sign-in and sign-up.
 *
 * The MAC is keyed with the account's password hash: no extra secret for every instance to share,
 * nobody without the database can make one, and a new password voids them all.
 */
export const KNOWN_DEVICE_COOKIE = 'known_device';
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export interface DeviceAccount {
  id: number;
  passwordHash: string;
}

export interface KnownDeviceToken {
  value: string;
  expiresAt: number;
}

const mac = (account: DeviceAccount, expiresAtSeconds: number) =>
  createHmac('sha256', account.passwordHash)
    .update(`known-device:${account.id}:${expiresAtSeconds}`)
    .digest('base64url');

export function knownDeviceToken(
  account: DeviceAccount,
  expiresAt = Date.now() + KNOWN_DEVICE_TTL_MS,
): KnownDeviceToken {
  const seconds = Math.floor(expiresAt / 1000);
  return { value: `${account.id}.${seconds}.${mac(account, seconds)}`, expiresAt: seconds * 1000 };
}

/** True for an unexpired cookie this server made for this account. */
export function isKnownDevice(value: string | undefined, account: DeviceAccount, now = Date.now()): boolean {
  const match = value?.match(/^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/);
  if (!match) return false;
  const [, id, seconds, given] = match as unknown as [string, string, string, string];
  if (Number(id) !== account.id || Number(seconds) * 1000 <= now) return false;
  return safeEqual(given, mac(account, Number(seconds)));
}
