// The to-do limits as plain numbers, free of zod: a page that shows them in its form imports this
// module alone, not todo.ts's schemas (docs/decisions.md#main-thread-work-after-the-first-paint).
export const TODO_TITLE_MAX = 200;
export const TODO_DESCRIPTION_MAX = 2000;
