import {
  type createTodoTaskRequestSchema,
  parseQuickAdd,
  todoDueSchema,
  todoTaskLabelsSchema,
  todoTitleSchema,
} from '@site/contract';
import type { z } from 'zod';
import { badRequest } from '../../../core/http-errors.js';

type CreateInput = z.output<typeof createTodoTaskRequestSchema>;

/** What a create request asks for once its quick-add line is read: every field the service needs. */
export type ResolvedCreate = Omit<CreateInput, 'title' | 'quick' | 'tz'> & { title: string };

/**
 * Reads a create request's `quick` line with the contract's grammar, as the browser does
 * (docs/api.md#quick-add): the parts it finds take the place of the fields sent beside it, and
 * `#list` names one of the caller's open lists (`findList`; "Inbox" is the Inbox). What the line
 * gives is checked by the same rules as the fields themselves, each refusal a 400 on the field.
 */
export async function resolveQuickAdd(
  input: CreateInput,
  now: number,
  findList: (name: string) => Promise<number | undefined>,
): Promise<ResolvedCreate> {
  const { quick, tz, title, ...fields } = input;
  if (quick === undefined) {
    // The schema asks for one of title and quick.
    if (title === undefined) throw badRequest('Title is required', { title: 'Title is required' });
    return { ...fields, title };
  }
  const zone = tz ?? 'UTC';
  const parsed = parseQuickAdd(quick, { now: new Date(now), timeZone: zone });
  const checked = <T>(field: string, schema: z.ZodType<T>, value: unknown): T => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const message = result.error.issues[0]?.message ?? `${field} is not valid`;
    throw badRequest(message, { [field]: message });
  };
  let listId = fields.list_id;
  if (parsed.list !== null) {
    if (parsed.list.toLowerCase() === 'inbox') listId = null;
    else {
      const found = await findList(parsed.list);
      if (found === undefined) {
        const message = `No list named “${parsed.list}”`;
        throw badRequest(message, { quick: message });
      }
      listId = found;
    }
  }
  return {
    ...fields,
    title: checked('title', todoTitleSchema, parsed.title || title || ''),
    list_id: listId,
    due: parsed.due ? checked('due', todoDueSchema, { ...parsed.due, zone }) : fields.due,
    recurrence: parsed.recurrence ? { rule: parsed.recurrence, basis: 'due' } : fields.recurrence,
    labels: parsed.labels.length > 0 ? checked('labels', todoTaskLabelsSchema, parsed.labels) : fields.labels,
    priority: parsed.priority ?? fields.priority,
  };
}
