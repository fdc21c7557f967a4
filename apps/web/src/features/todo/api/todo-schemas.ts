// The response schemas of todo-api.ts's calls, loaded with zod on the first call
// (lazySchemas in lib/contract-schemas.ts).
export {
  deleteTodoResponseSchema,
  listTodosResponseSchema,
  todoSchema,
} from '@site/contract';
