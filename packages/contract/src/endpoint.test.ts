import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Endpoint, endpoint } from './endpoint.js';
import * as contract from './index.js';
import { type ApiRoute, allRoutes, apiUrl, routes } from './routes.js';

/** Every `*Endpoints` object the contract exports. */
const endpoints = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

const key = (route: ApiRoute) => `${route.method} ${route.path}`;

describe('endpoint definitions', () => {
  it('describe every route of the plain table exactly once, and nothing else', () => {
    const described = endpoints.map((e) => key(e.route)).sort();
    expect(described).toEqual(allRoutes().map(key).sort());
    expect(new Set(described).size).toBe(described.length);
  });

  it('declare the seed user parameter their route accepts, where it accepts it', () => {
    for (const e of endpoints) {
      const claimed = e.route.claimedUser;
      if (!claimed) continue;
      const schema = claimed.in === 'query' ? e.query : e.body;
      expect(schema, key(e.route)).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((schema as z.ZodObject).shape), key(e.route)).toContain(claimed.name);
    }
  });

  it('refuse, at compile time, a claimed user parameter the schema does not have', () => {
    const route = { method: 'GET', path: '/x', access: 'user', claimedUser: { in: 'query', name: 'user' } } as const;
    const ok = endpoint(route, { tags: [], summary: 'x', query: z.object({ user: z.number().optional() }) });
    expect(ok.route).toBe(route);
    // @ts-expect-error: the query has no `user`
    endpoint(route, { tags: [], summary: 'x', query: z.object({ other: z.number().optional() }) });
    // @ts-expect-error: no query schema at all
    endpoint(route, { tags: [], summary: 'x', body: z.object({ user: z.number().optional() }) });
    // @ts-expect-error: `user` is not an id
    endpoint(route, { tags: [], summary: 'x', query: z.object({ user: z.string().optional() }) });
  });
});

describe('apiUrl', () => {
  it('prefixes /api and fills in path parameters, percent-encoded', () => {
    expect(apiUrl(routes.todo.list)).toBe('/api/todo');
    expect(apiUrl(routes.portfolio.update, { id: 3 })).toBe('/api/portfolio/update/3');
    expect(apiUrl(routes.portfolio.image, { id: 'a/b' })).toBe('/api/portfolio/a%2Fb/image');
  });

  it('types the parameters a path needs', () => {
    // @ts-expect-error: update/:id needs its id
    expect(() => apiUrl(routes.portfolio.update)).toThrow(/missing path parameter "id"/);
    // @ts-expect-error: /todo has no parameters
    apiUrl(routes.todo.list, { id: 1 });
  });
});
