import type { TodoList } from '@site/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QuickAdd } from './QuickAdd';

// Saturday 28 November 2026, 10:00 UTC.
const now = () => new Date('2026-11-28T10:00:00Z');
const home: TodoList = {
  id: 12,
  name: 'Home',
  colour: 'blue',
  position: 'a0',
  archived: false,
  role: 'owner',
  owner: { id: 7, username: 'dana' },
  open_count: 0,
};

function setup(lists: TodoList[] | undefined = [home], listId: number | null = null) {
  const onCreate = vi.fn();
  const rendered = renderWithProviders(
    <QuickAdd lists={lists} defaults={{ list_id: listId }} timeZone="UTC" now={now} onCreate={onCreate} />,
  );
  return { ...rendered, onCreate, input: screen.getByRole('textbox', { name: 'Quick add' }) };
}

const chips = () => within(screen.getByRole('list', { name: 'Recognised in the line' })).getAllByRole('listitem');

describe('QuickAdd', () => {
  it('highlights the recognised parts in the line and lists them as chips', async () => {
    const { user, input } = setup();
    await user.type(input, 'Pay rent tomorrow 9am #Home @bills p1');
    await waitFor(() => expect(chips()).toHaveLength(4));
    expect(chips().map((chip) => chip.textContent)).toEqual([
      'Date: Tomorrow 09:00',
      'List: #Home',
      'Label: @bills',
      'Priority: P1',
    ]);
    const marks = [...document.querySelectorAll('[data-quick-add-overlay] mark')];
    expect(marks.map((mark) => [mark.getAttribute('data-kind'), mark.textContent])).toEqual([
      ['date', 'tomorrow 9am'],
      ['list', '#Home'],
      ['label', '@bills'],
      ['priority', 'p1'],
    ]);
  });

  it('creates the task with the parsed fields on Enter and clears the line', async () => {
    const { user, input, onCreate } = setup();
    await user.type(input, 'Pay rent tomorrow 9am #Home @bills p1{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate).toHaveBeenCalledWith({
      title: 'Pay rent',
      list_id: 12,
      due: { date: '2026-11-29', time: '09:00', zone: 'UTC' },
      labels: ['bills'],
      priority: 1,
    });
    expect(input).toHaveValue('');
  });

  it('describes a repeat in words and sends its rule', async () => {
    const { user, input, onCreate } = setup();
    await user.type(input, 'Water plants every monday');
    await waitFor(() => expect(chips().map((chip) => chip.textContent)).toContain('Repeats: every Monday'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]?.[0]).toMatchObject({
      title: 'Water plants',
      due: { date: '2026-11-30', time: null, zone: 'UTC' },
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', basis: 'due' },
    });
  });

  it('keeps a word as text once its chip is closed', async () => {
    const { user, input, onCreate } = setup();
    await user.type(input, 'Plan March budget');
    const keep = await screen.findByRole('button', { name: 'Keep “March” as text' });
    await user.click(keep);
    expect(screen.queryByRole('list', { name: 'Recognised in the line' })).toBeNull();
    expect(document.querySelectorAll('[data-quick-add-overlay] mark')).toHaveLength(0);
    await user.type(input, '{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]?.[0]).toMatchObject({ title: 'Plan March budget', due: null });
  });

  it('refuses an unknown list with a message instead of adding to the Inbox', async () => {
    const { user, input, onCreate } = setup();
    await user.type(input, 'Buy milk #Nowhere{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No list named “Nowhere”');
    expect(onCreate).not.toHaveBeenCalled();
    expect(input).toHaveValue('Buy milk #Nowhere');
  });

  it('adds to the list shown unless the line names another, #Inbox included', async () => {
    const { user, input, onCreate } = setup([home], 12);
    await user.type(input, 'Fix the tap{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    expect(onCreate.mock.calls[0]?.[0]).toMatchObject({ title: 'Fix the tap', list_id: 12 });
    await user.type(input, 'Call Sam #inbox{Enter}');
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(2));
    expect(onCreate.mock.calls[1]?.[0]).toMatchObject({ title: 'Call Sam', list_id: null });
  });

  it('refuses a line that is only parts, and Escape clears the line', async () => {
    const { user, input, onCreate } = setup();
    await user.type(input, 'p1 @home{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Type a title');
    expect(onCreate).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
