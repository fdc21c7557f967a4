import Bowser from 'bowser';

/**
 * A short name for people of the client a session was signed in from, for the account page's
 * session list (docs/api.md#account): 'Firefox on Linux', 'Safari on iOS', 'curl', 'API client'.
 * Browsers and systems are recognised by bowser (MIT, no dependencies); anything else is named by
 * the first product token of its User-Agent, and no header at all is a script or app using the API.
 */
export function clientName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return 'API client';
  const { browser: parsed, os } = Bowser.parse(ua);
  // For a browser it does not know bowser falls back to the first token, often 'Mozilla'.
  const browser = parsed.name === 'Mozilla' ? undefined : parsed.name;
  if (browser && os.name) return `${browser} on ${os.name}`;
  if (browser) return browser;
  // 'curl/8.5.0' → 'curl'; an unrecognised browser still says 'Mozilla/5.0 (…)'.
  const product = ua.match(/^[\w.!#$%&'*+^`|~-]+/)?.[0];
  if (!product || product === 'Mozilla') return os.name ? `Browser on ${os.name}` : 'Unknown client';
  return product.length > 40 ? `${product.slice(0, 40)}…` : product;
}
