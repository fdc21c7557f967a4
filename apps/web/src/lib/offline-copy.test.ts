import { dehydrate, hashKey, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDrawnOfflineCopies, readOfflineCopy } from './offline-copy';

/** The answers a page was drawn with, as the server sends them (docs/decisions.md#pages-rendered-with-their-data). */
function drawnPage() {
  const server = new QueryClient();
  server.setQueryData(['todo'], { todos: [{ id: 1, title: 'Drawn' }] });
  server.setQueryData(['health'], { status: 'ok' });
  return dehydrate(server);
}

afterEach(() => localStorage.clear());

describe('keepDrawnOfflineCopies', () => {
  it('keeps a drawn answer as its offline copy once its query is first watched, without asking for it', () => {
    const client = new QueryClient();
    const data = drawnPage();
    hydrate(client, data);
    const stop = keepDrawnOfflineCopies(
      client,
      data.queries.map((query) => query.queryHash),
    );
    expect(readOfflineCopy('todo')).toBeUndefined();
    let asked = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['todo'],
      queryFn: () => {
        asked += 1;
        return { todos: [] };
      },
      meta: { offlineCopy: 'todo' },
      staleTime: 30_000,
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(readOfflineCopy('todo')).toEqual({ todos: [{ id: 1, title: 'Drawn' }] });
    expect(asked).toBe(0);
    unsubscribe();
    stop();
  });

  it('keeps nothing for a query without an offline copy, or one the page was not drawn with', () => {
    const client = new QueryClient();
    client.setQueryData(['todo'], { todos: [] });
    const stop = keepDrawnOfflineCopies(client, [hashKey(['health'])]);
    const unsubscribe = new QueryObserver(client, {
      queryKey: ['todo'],
      queryFn: () => ({ todos: [] }),
      meta: { offlineCopy: 'todo' },
      staleTime: 30_000,
    }).subscribe(() => {});
    expect(readOfflineCopy('todo')).toBeUndefined();
    unsubscribe();
    stop();
  });
});
