import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCookies, setCookie } from '../../../test/cookies';
import { authQueries } from './auth-queries';
import { seedVisitorSession } from './seed-visitor';

const meKey = authQueries.me().queryKey;

describe('seedVisitorSession', () => {
  afterEach(() => clearCookies());

  it('knows a browser without the CSRF cookie is a visitor, before any request', () => {
    const client = new QueryClient();
    seedVisitorSession(client);
    const state = client.getQueryState(meKey);
    expect(state?.status).toBe('success');
    expect(state?.data).toBeNull();
  });

  it('leaves the question to the server when a session may exist', () => {
    setCookie('csrftoken', 'abc');
    const client = new QueryClient();
    seedVisitorSession(client);
    expect(client.getQueryState(meKey)).toBeUndefined();
  });

  it('keeps the answer a page was drawn with', () => {
    const client = new QueryClient();
    const drawn = { userId: 1, username: 'ann' };
    client.setQueryData(meKey, drawn as never);
    seedVisitorSession(client);
    expect(client.getQueryData(meKey)).toEqual(drawn);
  });
});
