import { describe, expect, it } from 'vitest';
import { clientName } from './client-name.js';

describe('clientName', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    ['curl/8.5.0', 'curl'],
    ['python-requests/2.32.3', 'python-requests'],
    ['Mozilla/5.0 (compatible; SomethingNew/1.0)', 'Unknown client'],
    ['', 'API client'],
    ['   ', 'API client'],
    [null, 'API client'],
    [undefined, 'API client'],
  ])('%s → %s', (ua, name) => {
    expect(clientName(ua)).toBe(name);
  });

  it('keeps an odd product token short', () => {
    expect(clientName(`${'x'.repeat(100)}/1`)).toBe(`${'x'.repeat(40)}…`);
  });
});
