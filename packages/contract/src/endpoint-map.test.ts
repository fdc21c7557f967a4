import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint.js';
import { type EndpointName, endpointLoaders, loadApiErrorSchema } from './endpoint-map.js';
import { apiErrorSchema } from './errors.js';
import * as contract from './index.js';
import { type ApiRoute, routes } from './routes.js';

/** Every `*Endpoints` object the contract exports. */
const described = Object.entries(contract)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>));

const routeNamed = (name: string) => {
  const [group, call] = name.split('.') as [string, string];
  return (routes as unknown as Record<string, Record<string, ApiRoute>>)[group]?.[call];
};

describe('endpointLoaders', () => {
  it('has a name for every route of the plain table, and no other', () => {
    const names = Object.entries(routes).flatMap(([group, calls]) => Object.keys(calls).map((c) => `${group}.${c}`));
    expect(Object.keys(endpointLoaders).sort()).toEqual(names.sort());
  });

  it('loads, under each name, the contract’s endpoint of that route', async () => {
    const loaded = await Promise.all(
      Object.entries(endpointLoaders).map(async ([name, load]) => [name, await load()] as const),
    );
    for (const [name, endpoint] of loaded) {
      expect(endpoint.route, name).toBe(routeNamed(name));
      expect(described, name).toContain(endpoint);
    }
    // …so every endpoint the contract describes is in the map.
    expect(new Set(loaded.map(([, endpoint]) => endpoint)).size).toBe(described.length);
  });

  it('loads the error format', async () => {
    await expect(loadApiErrorSchema()).resolves.toBe(apiErrorSchema);
  });

  it('refuses, at compile time, a name that is not a route', () => {
    const name: EndpointName = 'todo.list';
    expect(name in endpointLoaders).toBe(true);
    // @ts-expect-error: no such route
    const wrong: EndpointName = 'todo.nonexistent';
    expect(wrong in endpointLoaders).toBe(false);
  });
});
