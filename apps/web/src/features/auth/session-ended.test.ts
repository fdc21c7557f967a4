import { describe, expect, it } from 'vitest';
import { readOfflineCopy } from '../../lib/offline-copy';
import { COLOR_SCHEME_KEY, readSession } from '../../lib/storage';
import { clearCookies } from '../../test/cookies';
import { apiError, mockFetch } from '../../test/fetch-mock';
import { signedInBrowser } from '../../test/signed-in-browser';
import { fetchMe } from './api/auth-queries';

describe('a session ended on the server ("log out everywhere" from another device)', () => {
  it('is forgotten with its offline copies when the page loads without the session cookies', async () => {
    signedInBrowser();
    clearCookies(); // An earlier answer's Set-Cookie cleared them.
    const fetchMock = mockFetch({});

    await expect(fetchMe()).resolves.toBeNull();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([COLOR_SCHEME_KEY]);
  });

  it('is forgotten with its offline copies when GET /api/me answers 401', async () => {
    signedInBrowser();
    mockFetch({
      'GET /api/me': () => {
        clearCookies();
        return apiError(401, 'You must be logged in to do this.');
      },
    });

    await expect(fetchMe()).resolves.toBeNull();

    expect(readSession()).toBeNull();
    expect(readOfflineCopy('todo')).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([COLOR_SCHEME_KEY]);
  });
});
