// The to-do limits as plain numbers, free of zod: a page that shows them in its form imports this
// module alone, not todo.ts's schemas (docs/decisions.md#main-thread-work-after-the-first-paint).
export const TODO_TITLE_MAX = 200;
export const TODO_DESCRIPTION_MAX = 2000;

/** A user owns at most this many lists (archived ones count); the Inbox is not one of them. */
export const TODO_LISTS_MAX = 100;
export const TODO_LIST_NAME_MAX = 60;
/** People a list is shared with, besides its owner. */
export const TODO_LIST_MEMBERS_MAX = 20;
/** Labels in a user's own label list (created on first use). */
export const TODO_LABELS_MAX = 200;
export const TODO_LABEL_NAME_MAX = 40;
/** Labels on one task. */
export const TODO_TASK_LABELS_MAX = 20;
/** Checklist items (sub-steps) on one task. */
export const TODO_CHECKLIST_MAX = 50;
export const TODO_CHECKLIST_TITLE_MAX = 200;
/** Tasks one bulk call may name. */
export const TODO_BULK_MAX = 200;
/** A page of `GET /api/todo/tasks`: at most, and when `limit` is not sent. */
export const TODO_PAGE_MAX = 200;
export const TODO_PAGE_DEFAULT = 100;
/** The `upcoming` view: today and the days after it, this many days in all. */
export const TODO_UPCOMING_DAYS = 14;
/** Due dates a task may have (inclusive). */
export const TODO_DUE_DATE_MIN = '1970-01-01';
export const TODO_DUE_DATE_MAX = '2100-12-31';
/** A recurrence rule's text (an RRULE body such as `FREQ=WEEKLY;BYDAY=MO`). */
export const TODO_RECURRENCE_MAX = 500;
/** Search text of the `search` view. */
export const TODO_SEARCH_MAX = 200;
/** A quick-add line sent to the API (`quick`). */
export const TODO_QUICK_MAX = 500;
/** The text of one import (`POST /api/todo/import`), in characters: about 1 MB. */
export const TODO_IMPORT_MAX = 1_000_000;
/** The secret of a calendar feed's address, as the server makes it (32 random bytes, base64url). */
export const TODO_FEED_TOKEN_LENGTH = 43;

/** The colours a list or label may have: Mantine's palette names, so the web app maps them directly. */
export const TODO_COLOURS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type TodoColour = (typeof TODO_COLOURS)[number];
export const TODO_DEFAULT_COLOUR: TodoColour = 'gray';

/** Priority 1 is the most urgent; 4 means none (Todoist's scale). */
export const TODO_PRIORITY_NONE = 4;
