import type { TodoColour, TodoLabel } from '@site/contract';
import { notFound } from '../../../core/http-errors.js';
import { labelKey } from '../todo-core.repository.js';
import type { LabelsRepository } from './labels.repository.js';

const LABEL_NOT_FOUND = 'No label with that name';

export function labelsService(repository: LabelsRepository) {
  return {
    async labels(userId: number): Promise<{ labels: TodoLabel[] }> {
      return { labels: await repository.list(userId) };
    },

    async update(
      userId: number,
      name: string,
      input: { name?: string | undefined; colour?: TodoColour | undefined },
    ): Promise<TodoLabel> {
      const current = input.name ?? name;
      await repository.transaction([userId], async (q) => {
        if (!(await q.find(userId, name))) throw notFound(LABEL_NOT_FOUND);
        if (input.name !== undefined && input.name !== name) await q.rename(userId, name, input.name);
        if (input.colour !== undefined) await q.recolour(userId, current, input.colour);
      });
      const label = (await repository.list(userId)).find((l) => labelKey(l.name) === labelKey(current));
      if (!label) throw notFound(LABEL_NOT_FOUND);
      return label;
    },

    async remove(userId: number, name: string): Promise<void> {
      await repository.transaction([userId], async (q) => {
        if (!(await q.find(userId, name))) throw notFound(LABEL_NOT_FOUND);
        await q.remove(userId, name);
      });
    },
  };
}

export type LabelsService = ReturnType<typeof labelsService>;
