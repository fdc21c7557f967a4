import type { TodoLabel, TodoList, TodoListsResponse } from '@site/contract';

export const me = { user_id: 7, username: 'dana', email: 'dana@example.com', is_admin: false };

/** A list as `GET /api/todo/lists` answers it; mine unless told. */
export const todoList = (id: number, name: string, extra: Partial<TodoList> = {}): TodoList => ({
  id,
  name,
  colour: 'gray',
  position: `a${id}`,
  archived: false,
  role: 'owner',
  owner: { id: me.user_id, username: me.username },
  open_count: 0,
  ...extra,
});

export const overview = (lists: TodoList[], inbox = 0): TodoListsResponse => ({ inbox: { open_count: inbox }, lists });

export const todoLabel = (name: string, extra: Partial<TodoLabel> = {}): TodoLabel => ({
  name,
  colour: 'gray',
  open_count: 0,
  ...extra,
});
