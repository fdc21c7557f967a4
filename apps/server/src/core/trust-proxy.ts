import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about `X-Forwarded-For/-Proto/-Host`
 * (docs/api.md#other-behaviour): none, the last `n` hops, or the listed addresses/ranges.
 * "Trust everyone" is not offered: it takes the left-most `X-Forwarded-For`, which any client
 * writes, so every per-address limit could be escaped.
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for the private ranges, which Fastify accepts in its list too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an address/prefix (CIDR) or one of the range names above. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: `false`/`0`/unset → off; a whole number → that many proxy hops; a comma list
 * → the proxies' addresses or CIDR ranges. Returns a message for anything else, `true` included.
 */
export function parseTrustProxy(value: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = value.trim();
  if (text === 'false' || text === '0') return { ok: true, value: false };
  if (text === 'true') {
    return {
      ok: false,
      message:
        'true would believe the left-most X-Forwarded-For, which any client can write; ' +
        'give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return { ok: true, value: false };
    return hops <= 10 ? { ok: true, value: hops } : { ok: false, message: 'at most 10 proxy hops' };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    return {
      ok: false,
      message: `not a hop count or a list of proxy addresses/CIDRs: ${bad.join(', ') || text}`,
    };
  }
  return { ok: true, value: entries };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify 5 turns a bare
 * number into "trust nobody" (so every client would share the proxy's address and its limits).
 * With `n` hops the socket's peer and the `n - 1` entries before it are proxies, so the client is
 * the `n`-th address from the right of `X-Forwarded-For`; what a client writes to its left is ignored.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}
