import { createTodoTaskRequestSchema } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../../test/test-app.js';
import { routeTestDatabaseKinds } from '../../../test/test-databases.js';
import { tasksRepository } from './tasks.repository.js';
import { type NextDue, tasksService } from './tasks.service.js';

const NOW = Date.parse('2026-03-14T06:00:00Z');

/** The recurrence seam: the service stores the checker's canonical rule and follows nextDue and ruleAfterCompletion. */
describe.each(routeTestDatabaseKinds)('repeating tasks through the injected rules on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;
  const calls: Parameters<NextDue>[] = [];
  /** 'COUNT=2' style rules: a week later while any count is left. */
  const nextDue: NextDue = (...args) => {
    calls.push(args);
    const [rule, , due] = args;
    if (rule.includes('COUNT=0')) return null;
    const date = new Date(Date.parse(`${due.date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    return { ...due, date };
  };
  const service = () =>
    tasksService(tasksRepository(t.database.handle), {
      now: () => NOW,
      nextDue,
      checkRecurrence: (rule) =>
        rule.startsWith('bad') ? { ok: false, message: 'Not a rule I know' } : { ok: true, rule: rule.toUpperCase() },
      ruleAfterCompletion: (rule) => {
        const count = Number(/COUNT=(\d+)/.exec(rule)?.[1] ?? Number.NaN);
        if (Number.isNaN(count)) return rule;
        return count <= 1 ? null : rule.replace(/COUNT=\d+/, `COUNT=${count - 1}`);
      },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app);
  });
  afterAll(() => t.close());

  const create = (rule: string, basis: 'due' | 'completion' = 'due') =>
    service().create(
      user.id,
      createTodoTaskRequestSchema.parse({
        title: 'Repeat',
        due: { date: '2026-03-10', time: '08:00', zone: 'Europe/Paris' },
        recurrence: { rule, basis },
      }),
    );

  it('stores the rule in the checker’s form, and refuses what it refuses', async () => {
    expect((await create('freq=weekly;count=2')).recurrence).toEqual({ rule: 'FREQ=WEEKLY;COUNT=2', basis: 'due' });
    await expect(create('bad rule')).rejects.toMatchObject({ statusCode: 400, message: 'Not a rule I know' });
  });

  it('moves the due date on, passing the basis and the completion time, until the count runs out', async () => {
    const task = await create('FREQ=WEEKLY;COUNT=2', 'completion');
    const first = await service().complete(user.id, task.id, true);
    expect(first).toMatchObject({
      completed: false,
      due: { date: '2026-03-17', time: '08:00', zone: 'Europe/Paris' },
      recurrence: { rule: 'FREQ=WEEKLY;COUNT=1', basis: 'completion' },
    });
    expect(calls.at(-1)?.[1]).toBe('completion');
    expect(calls.at(-1)?.[3]).toEqual(new Date(NOW));
    // The last occurrence: the new due date, no repetition after it.
    const last = await service().complete(user.id, task.id, true);
    expect(last).toMatchObject({ completed: false, due: { date: '2026-03-24' }, recurrence: null });
    const done = await service().complete(user.id, task.id, true);
    expect(done.completed).toBe(true);
  });

  it('completes a task whose rule has no next occurrence, logging it', async () => {
    const task = await create('FREQ=WEEKLY;COUNT=0');
    expect((await service().complete(user.id, task.id, true)).completed).toBe(true);
    const log = await t.database.handle.db
      .selectFrom('todo_completions')
      .select(['due_date', 'completed_at'])
      .where('todo_id', '=', task.id)
      .execute();
    expect(log).toEqual([{ due_date: '2026-03-10', completed_at: new Date(NOW).toISOString() }]);
  });
});
