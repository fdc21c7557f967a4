import { describe, expect, it } from 'vitest';
import {
  bulkTodoTasksRequestSchema,
  createTodoTaskRequestSchema,
  todoDueSchema,
  todoTasksQuerySchema,
} from './todo-tasks.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('todoDueSchema', () => {
  it('takes a date with an optional time, and answers the zone under its current name', () => {
    expect(todoDueSchema.parse({ date: '2026-03-14', zone: 'Asia/Calcutta' })).toEqual({
      date: '2026-03-14',
      time: null,
      zone: 'Asia/Kolkata',
    });
    expect(todoDueSchema.parse({ date: '2026-03-14', time: '23:59', zone: 'UTC' }).time).toBe('23:59');
  });

  it.each([
    [{ date: '1969-12-31', zone: 'UTC' }, 'Date must be between 1970-01-01 and 2100-12-31'],
    [{ date: '2101-01-01', zone: 'UTC' }, 'Date must be between 1970-01-01 and 2100-12-31'],
    [{ date: '2026-02-30', zone: 'UTC' }, 'Date is not a real calendar date'],
    [{ date: '2026-02-03', time: '24:00', zone: 'UTC' }, 'Time must look like 09:30 (24-hour)'],
    [{ date: '2026-02-03', zone: 'Mars/Base' }, 'Time zone must be an IANA time zone such as Europe/Paris'],
  ])('refuses %j', (due, message) => {
    expect(messages(todoDueSchema.safeParse(due))).toContain(message);
  });
});

describe('todoTasksQuerySchema', () => {
  it('defaults the page size and needs the parameter of its view', () => {
    expect(todoTasksQuerySchema.parse({ view: 'inbox' }).limit).toBe(100);
    expect(messages(todoTasksQuerySchema.safeParse({ view: 'list' }))).toEqual(['The list view needs list_id']);
    expect(messages(todoTasksQuerySchema.safeParse({ view: 'label' }))).toEqual(['The label view needs label']);
    expect(messages(todoTasksQuerySchema.safeParse({ view: 'search' }))).toEqual(['The search view needs q']);
    expect(messages(todoTasksQuerySchema.safeParse({ view: 'inbox', limit: '201' }))).toEqual([
      'Limit must be at most 200',
    ]);
  });
});

describe('createTodoTaskRequestSchema', () => {
  it('fills the defaults: Inbox, no due date, priority none, at the bottom', () => {
    expect(createTodoTaskRequestSchema.parse({ title: ' Buy milk ' })).toEqual({
      title: 'Buy milk',
      description: '',
      list_id: null,
      due: null,
      priority: 4,
      labels: [],
      recurrence: null,
      at: 'bottom',
    });
  });

  it('refuses a priority outside 1–4', () => {
    expect(messages(createTodoTaskRequestSchema.safeParse({ title: 'x', priority: 5 }))).toEqual([
      'Priority must be 1, 2, 3 or 4',
    ]);
  });
});

describe('bulkTodoTasksRequestSchema', () => {
  it('needs the field of its action', () => {
    expect(bulkTodoTasksRequestSchema.safeParse({ ids: [1], action: 'move' }).success).toBe(false);
    expect(bulkTodoTasksRequestSchema.parse({ ids: [1], action: 'move', list_id: null })).toEqual({
      ids: [1],
      action: 'move',
      list_id: null,
    });
    expect(messages(bulkTodoTasksRequestSchema.safeParse({ ids: [1], action: 'explode' }))).toEqual([
      'Action must be one of: complete, uncomplete, delete, move, label, unlabel, reschedule',
    ]);
    expect(messages(bulkTodoTasksRequestSchema.safeParse({ ids: [], action: 'delete' }))).toEqual([
      'Name at least one task',
    ]);
  });
});
