import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { type RowTask, TaskRow } from './TaskRow';

const task: RowTask = {
  id: 4,
  title: 'Call the bank',
  completed: false,
  due: { date: '2026-11-27', time: null, zone: 'UTC' },
  priority: 1,
  labels: ['money'],
  list_id: null,
};

function Harness({ onRename }: { onRename: (task: RowTask, title: string) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <ul>
      <TaskRow
        task={task}
        today="2026-11-28"
        editing={editing}
        onEditingChange={setEditing}
        onComplete={vi.fn()}
        onRename={onRename}
        onDelete={vi.fn()}
      />
    </ul>
  );
}

describe('TaskRow', () => {
  it('shows the due date relative to today in red when overdue, the priority and the labels', () => {
    renderWithProviders(<Harness onRename={vi.fn()} />);
    const due = screen.getByText('Yesterday');
    expect(due.closest('[data-overdue]')).not.toBeNull();
    expect(screen.getByText('Overdue:')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Priority 1' })).toBeInTheDocument();
    expect(screen.getByText('@money')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Mark Complete Call the bank' })).not.toBeChecked();
  });

  it('renames in place: double-click, type, Enter saves; the focus goes back to the row', async () => {
    const onRename = vi.fn();
    const { user } = renderWithProviders(<Harness onRename={onRename} />);
    await user.dblClick(screen.getByRole('button', { name: 'Call the bank' }));
    const input = screen.getByRole('textbox', { name: 'Task title' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, 'Call the bank at 9{Enter}');
    expect(onRename).toHaveBeenCalledWith(task, 'Call the bank at 9');
    expect(screen.queryByRole('textbox', { name: 'Task title' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Call the bank' })).toHaveFocus();
  });

  it('Escape cancels without saving', async () => {
    const onRename = vi.fn();
    const { user } = renderWithProviders(<Harness onRename={onRename} />);
    await user.dblClick(screen.getByRole('button', { name: 'Call the bank' }));
    await user.type(screen.getByRole('textbox', { name: 'Task title' }), ' later{Escape}');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Call the bank' })).toBeInTheDocument();
  });

  it('refuses an empty title with a message and keeps editing', async () => {
    const onRename = vi.fn();
    const { user } = renderWithProviders(<Harness onRename={onRename} />);
    await user.dblClick(screen.getByRole('button', { name: 'Call the bank' }));
    const input = screen.getByRole('textbox', { name: 'Task title' });
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A task needs a title');
    expect(input).toBeInTheDocument();
    expect(onRename).not.toHaveBeenCalled();
  });

  it('offers only its selection box while the view selects, marked when selected', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithProviders(
      <ul>
        <TaskRow
          task={task}
          today="2026-11-28"
          editing={false}
          onEditingChange={vi.fn()}
          onComplete={vi.fn()}
          onRename={vi.fn()}
          onDelete={vi.fn()}
          selected
          onSelect={onSelect}
        />
      </ul>,
    );
    expect(screen.getByRole('listitem', { name: 'Call the bank' })).toHaveAttribute('data-selected');
    expect(screen.queryByRole('checkbox', { name: 'Mark Complete Call the bank' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Call the bank' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Call the bank' }));
    expect(onSelect).toHaveBeenCalledWith(task, false);
  });
});
