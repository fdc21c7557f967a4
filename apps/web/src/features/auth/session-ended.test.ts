import { describe, expect, it } from 'vitest';
import { keepOfflineCopy, readOfflineCopy } from '../../lib/offline-copy';
import { COLOR_SCHEME_KEY, readSession, saveSession } from '../../lib/storage';
import { clearCookies, setCookie } from '../../test/cookies';
import { apiError, mockFetch } from '../../test/fetch-mock';
import { fetchMe } from './api/auth-queries';

/** A browser left signed in: the session, an offline copy, an app's data and the colour scheme. */
function signedInBrowser() {
  setCookie('csrftoken', 'abc123');
  saveSession({ token: 'tok', userId: 7, username: 'alice' });
  keepOfflineCopy('todo', { todos: [{ id: 1, title: 'Private' }] });
  localStorage.setItem('weather-recent', '["Home street 1"]');
  localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
}

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
