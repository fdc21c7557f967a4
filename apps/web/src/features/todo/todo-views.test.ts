import { describe, expect, it } from 'vitest';
import { type TodoViewRef, todoViewHref, viewFromSearch } from './todo-views';

describe('to-do views in the address', () => {
  const views: TodoViewRef[] = [
    { view: 'all' },
    { view: 'inbox' },
    { view: 'today' },
    { view: 'upcoming' },
    { view: 'completed' },
    { view: 'list', listId: 12 },
    { view: 'label', label: 'bills & co' },
    { view: 'search', q: 'milk #2' },
  ];

  it.each(views)('reads back the address it writes for %o', (ref) => {
    expect(viewFromSearch(new URL(todoViewHref(ref), 'http://x').search)).toEqual(ref);
  });

  it.each(['?view=nope', '?list=-1', '?list=abc', '?label=%20', '?q=', ''])(
    'takes %s as the default view',
    (search) => {
      expect(viewFromSearch(search)).toEqual({ view: 'all' });
    },
  );
});
