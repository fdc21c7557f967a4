import { defaultProfile, type Profile } from '@site/contract/profile-defaults';
import { dehydrate, QueryClient, QueryClientProvider, hydrate as seed } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockFetch } from '../../../test/fetch-mock';
import { parseStoredProfile, profileQuery, useKeepProfile, useProfile } from './profile';

const drawnProfile: Profile = { ...defaultProfile, name: 'Sam Rivera', updated_at: '2026-11-20T10:00:00Z' };
const storedProfile: Profile = { ...defaultProfile, name: 'Kept Copy', updated_at: '2026-10-01T10:00:00Z' };

/** Records the name each of its renders drew; keeps the profile as the home page does. */
function Owner({ seen }: { seen: string[] }) {
  const { profile, loaded } = useProfile();
  useKeepProfile(profile, loaded);
  seen.push(profile.name);
  return <p>{profile.name}</p>;
}

const page = (client: QueryClient, seen: string[]) => (
  <QueryClientProvider client={client}>
    <Owner seen={seen} />
  </QueryClientProvider>
);

/** The query client a page starts from: with the answers the server drew it with, if any (app/SiteApp.tsx). */
function clientWith(answer?: Profile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (answer) {
    const server = new QueryClient();
    server.setQueryData(profileQuery().queryKey, answer);
    seed(client, dehydrate(server));
  }
  return client;
}

const roots: { root: Root; element: HTMLElement }[] = [];
afterEach(() => {
  for (const { root, element } of roots.splice(0)) {
    act(() => root.unmount());
    element.remove();
  }
});

/** Hydrates `html` as app/start.tsx does, collecting React's recoverable errors (a mismatch is one, #418). */
async function hydrateInto(html: string, client: QueryClient, seen: string[]) {
  const element = document.createElement('div');
  element.innerHTML = html;
  document.body.append(element);
  const errors: unknown[] = [];
  await act(async () => {
    roots.push({
      root: hydrateRoot(element, page(client, seen), { onRecoverableError: (error) => errors.push(error) }),
      element,
    });
  });
  return { element, errors };
}

describe('useProfile while a page hydrates', () => {
  it('draws the answer the server drew the page with, even over this browser’s copy, and does not ask again', async () => {
    const fetchMock = mockFetch({ 'GET /api/profile': { body: drawnProfile } });
    // The server's drawing, made where there is no browser storage.
    const html = renderToString(page(clientWith(drawnProfile), []));
    expect(html).toContain('Sam Rivera');

    localStorage.setItem('siteProfile', JSON.stringify(storedProfile));
    const seen: string[] = [];
    const { element, errors } = await hydrateInto(html, clientWith(drawnProfile), seen);
    expect(errors).toEqual([]);
    expect(seen).not.toContain(storedProfile.name);
    expect(seen).not.toContain(defaultProfile.name);
    expect(element.textContent).toBe('Sam Rivera');
    expect(callsTo(fetchMock, 'GET', '/api/profile')).toEqual([]);
    // The next page drawn without it starts from it.
    expect(JSON.parse(localStorage.getItem('siteProfile') ?? 'null')?.name).toBe('Sam Rivera');
  });

  it('draws the defaults the pre-rendered page holds, then this browser’s copy and the answer, without a mismatch', async () => {
    mockFetch({ 'GET /api/profile': { body: drawnProfile } });
    const html = renderToString(page(clientWith(), []));
    expect(html).toContain(defaultProfile.name);

    localStorage.setItem('siteProfile', JSON.stringify(storedProfile));
    const seen: string[] = [];
    const { element, errors } = await hydrateInto(html, clientWith(), seen);
    expect(errors).toEqual([]);
    expect(seen[0]).toBe(defaultProfile.name);
    await expect.poll(() => element.textContent, { timeout: 30_000 }).toBe('Sam Rivera');
  });
});

describe('this browser’s copy of the profile', () => {
  const avatar = {
    url: '/api/profile/avatar?w=384&v=abc',
    srcset: '/api/profile/avatar?w=384&v=abc 384w',
    width: 384,
    height: 384,
  };

  it('keeps the photo, reads a copy from before photos as having none, and refuses a broken one', () => {
    expect(parseStoredProfile({ ...drawnProfile, avatar })?.avatar).toEqual(avatar);
    const { avatar: _none, ...older } = drawnProfile;
    expect(parseStoredProfile(older)?.avatar).toBeNull();
    expect(parseStoredProfile({ ...drawnProfile, avatar: { url: 5 } })).toBeUndefined();
  });
});
