import { addDays } from '../../../integrations/time-zones.js';
import type { CheckRecurrence, NextDue, RuleAfterCompletion } from './tasks.service.js';

/*
 * PLACEHOLDER until the contract's todo-recurrence.ts is wired in (features/todo/index.ts; its
 * checkRecurrence, nextDue and ruleAfterCompletion have these shapes): it knows only
 * `FREQ=DAILY|WEEKLY|MONTHLY|YEARLY` with an optional `INTERVAL`, counted from the due date. The
 * real rules (BYDAY, COUNT, UNTIL, the completion basis) come with that module.
 */
const RULE = /^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(?:;INTERVAL=([1-9]\d{0,2}))?$/;

export const placeholderCheckRecurrence: CheckRecurrence = (rule) =>
  RULE.test(rule.toUpperCase())
    ? { ok: true, rule: rule.toUpperCase() }
    : { ok: false, message: 'Recurrence must be FREQ=DAILY, WEEKLY, MONTHLY or YEARLY with an optional INTERVAL' };

export const placeholderRuleAfterCompletion: RuleAfterCompletion = (rule) => rule;

export const placeholderNextDue: NextDue = (rule, _basis, due) => {
  const match = RULE.exec(rule);
  if (!match) return null;
  const step = Number(match[2] ?? 1);
  const [y, m, d] = due.date.split('-').map(Number) as [number, number, number];
  let date: string;
  if (match[1] === 'DAILY') date = addDays(due.date, step);
  else if (match[1] === 'WEEKLY') date = addDays(due.date, 7 * step);
  else {
    const months = match[1] === 'MONTHLY' ? step : 12 * step;
    date = new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
  }
  return date > '2100-12-31' ? null : { ...due, date };
};
