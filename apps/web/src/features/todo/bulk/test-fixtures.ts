import type { TodoTask } from '@site/contract';

/** A task as the API answers it: open, in the Inbox, undated, unless told. */
export const todoTask = (id: number, extra: Partial<TodoTask> = {}): TodoTask => ({
  id,
  title: `Task ${id}`,
  description: '',
  completed: false,
  user: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  list_id: null,
  due: null,
  priority: 4,
  labels: [],
  checklist: [],
  recurrence: null,
  position: 'a0',
  completed_at: null,
  created_by: 7,
  ...extra,
});
