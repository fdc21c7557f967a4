import { keepOfflineCopy } from '../lib/offline-copy';
import { COLOR_SCHEME_KEY, saveSession } from '../lib/storage';
import { setCookie } from './cookies';

/**
 * A browser left signed in: the session cookie and token, an offline copy, an app's data and the
 * colour scheme. Of these, only the colour scheme should survive the session's end.
 */
export function signedInBrowser(): void {
  setCookie('csrftoken', 'abc123');
  saveSession({ token: 'tok', userId: 7, username: 'alice' });
  keepOfflineCopy('todo', { todos: [{ id: 1, title: 'Private' }] });
  localStorage.setItem('weather-recent', '["Home street 1"]');
  localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
}
