/**
 * Which view of the to-do app an address shows. One page (`/apps/todo`) whose view lives in the
 * query string, as TodoMVC keeps its filter in the URL: `?view=today`, `?view=upcoming`,
 * `?view=inbox`, `?view=completed`, `?list=12`, `?label=bills`, `?q=milk`. No parameter: every
 * open task of mine under 'Todo List' and the completed ones under 'Completed Todos', the page the
 * site has always had (docs/product.md#to-do).
 */
export type TodoViewRef =
  | { view: 'all' }
  | { view: 'inbox' }
  | { view: 'today' }
  | { view: 'upcoming' }
  | { view: 'completed' }
  | { view: 'list'; listId: number }
  | { view: 'label'; label: string }
  | { view: 'search'; q: string };

const SIMPLE = ['inbox', 'today', 'upcoming', 'completed'] as const;

/** The view an address names; anything it does not understand is the default view. */
export function viewFromSearch(search: string | URLSearchParams): TodoViewRef {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = params.get('q')?.trim();
  if (q) return { view: 'search', q };
  const list = Number(params.get('list'));
  if (Number.isSafeInteger(list) && list > 0) return { view: 'list', listId: list };
  const label = params.get('label')?.trim();
  if (label) return { view: 'label', label };
  const view = params.get('view');
  const simple = SIMPLE.find((name) => name === view);
  return simple ? { view: simple } : { view: 'all' };
}

/** The address of a view: `viewFromSearch(new URL(todoViewHref(v), base).search)` gives `v` back. */
export function todoViewHref(ref: TodoViewRef): string {
  switch (ref.view) {
    case 'all':
      return '/apps/todo';
    case 'list':
      return `/apps/todo?list=${ref.listId}`;
    case 'label':
      return `/apps/todo?label=${encodeURIComponent(ref.label)}`;
    case 'search':
      return `/apps/todo?q=${encodeURIComponent(ref.q)}`;
    default:
      return `/apps/todo?view=${ref.view}`;
  }
}

/** Whether two references name the same view. */
export const sameView = (a: TodoViewRef, b: TodoViewRef) => todoViewHref(a) === todoViewHref(b);
