import type { SudokuPathStep, SudokuSolvingPath } from '@site/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { getLabelled } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { PUZZLE } from '../test-fixtures';
import { SolvingPathButton } from './SolvingPath';

const single = (cell: string, digit: number): SudokuPathStep => ({
  kind: 'step',
  technique: 'hidden single',
  name: 'Hidden single',
  area: { unit: 'row', index: Number(cell[1]) },
  cells: [cell],
  candidates: [{ cell, digits: [digit] }],
  eliminations: [],
  placement: { cell, digit },
  text: `Hidden single: ${digit} has only one place left in row ${cell[1]}, ${cell}.`,
});
const pointing: SudokuPathStep = {
  kind: 'step',
  technique: 'pointing',
  name: 'Pointing',
  area: { unit: 'box', index: 1 },
  cells: ['r2c2', 'r2c3'],
  candidates: [
    { cell: 'r2c2', digits: [2] },
    { cell: 'r2c3', digits: [2] },
  ],
  eliminations: [{ cell: 'r2c7', digit: 2 }],
  placement: null,
  text: 'Pointing: in box 1, 2 can only go in r2c2 and r2c3, all in row 2, so it removes 2 from r2c7.',
};
const PATH: SudokuSolvingPath = { id: 42, puzzle: PUZZLE, steps: [single('r1c3', 4), pointing, single('r1c4', 6)] };

const cell = (dialog: HTMLElement, row: number, col: number) =>
  getLabelled('textbox', `Row ${row}, column ${col}`, dialog).closest('[role="gridcell"]') as HTMLElement;

function renderButton(route: Parameters<typeof mockFetch>[0][string]) {
  setCookie('csrftoken', 'csrf-1');
  const fetchMock = mockFetch({ 'GET /api/sudoku/solving-path': route });
  return { ...renderWithProviders(<SolvingPathButton gameId={42} />), fetchMock };
}

describe('SolvingPathButton', () => {
  it('opens the stepper: step n of N, the sentence, the board before the step with its cells ringed', async () => {
    const { user, fetchMock } = renderButton({ body: PATH });
    const held = holdRequests(fetchMock, 'GET', '/api/sudoku/solving-path');
    expect(callsTo(fetchMock, 'GET', '/api/sudoku/solving-path')).toHaveLength(0); // asked for only when opened
    await user.click(screen.getByRole('button', { name: 'Show the solving path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solving path' });
    expect(within(dialog).getByRole('status', { name: 'Working out the solving path…' })).toBeInTheDocument();
    held.release();

    expect(await within(dialog).findByText('Step 1 of 3')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/sudoku/solving-path?id=42');
    expect(within(dialog).getByTestId('path-sentence')).toHaveTextContent(PATH.steps[0]!.text);
    expect(cell(dialog, 1, 3)).toHaveAttribute('data-hint-cell');
    expect(cell(dialog, 1, 5)).toHaveAttribute('data-hint-area'); // row 1, the step's area
    expect(within(cell(dialog, 1, 3)).getByRole('textbox')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByTestId('path-technique')).toHaveTextContent('Pointing');
    expect(within(cell(dialog, 1, 3)).getByRole('textbox')).toHaveValue('4'); // step 1 applied
    expect(cell(dialog, 1, 3)).not.toHaveAttribute('data-hint-cell');
    for (const [r, c] of [
      [2, 2],
      [2, 3],
      [2, 7],
    ] as const)
      expect(cell(dialog, r, c)).toHaveAttribute('data-hint-cell');

    // Keys: → and ← step, End and Home jump.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Last step' })).toBeDisabled();
    fireEvent.keyDown(window, { key: 'Home' });
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'End' });
    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'First step' }));
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('shows the candidates of the step’s cells, or every candidate when asked', async () => {
    const { user } = renderButton({ body: PATH });
    await user.click(screen.getByRole('button', { name: 'Show the solving path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solving path' });
    await within(dialog).findByText('Step 1 of 3');
    const noted = () =>
      within(dialog)
        .getAllByRole('textbox')
        .filter((input) => input.getAttribute('aria-description')?.startsWith('Notes')).length;
    expect(noted()).toBe(1); // r1c3 only
    expect(within(cell(dialog, 1, 3)).getByRole('textbox')).toHaveAttribute(
      'aria-description',
      expect.stringMatching(/^Notes 1, 2, 4/),
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Show all candidates' }));
    expect(noted()).toBe(PUZZLE.flat().filter((v) => v === 0).length);
  });

  it('explains a failed load and tries again', async () => {
    const { user, fetchMock } = renderButton(
      apiError(409, 'The solving path is shown once the game is won or given up'),
    );
    await user.click(screen.getByRole('button', { name: 'Show the solving path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solving path' });
    expect(await within(dialog).findByText('Could not load the solving path')).toBeInTheDocument();
    expect(within(dialog).getByText(/once the game is won or given up/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/sudoku/solving-path')).toHaveLength(2));
  });
});
