import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, mockFetch } from '../../test/fetch-mock';
import { getLabelled } from '../../test/queries';
import { renderWithProviders } from '../../test/render';
import { SudokuGamePage } from './SudokuGamePage';
import { cells, makeGame, me, SOLUTION } from './test-fixtures';

/** docs/product.md#sudoku-solving-tools: the game page's notes, marks, colours, highlights and mistake setting. */

type MockRoutes = Parameters<typeof mockFetch>[0];

const preferences = (mistakes: string) => ({
  weather: { temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' },
  sudoku: { mistakes },
  updated_at: '2026-11-01T00:00:00.000Z',
});

function renderGame(routes: MockRoutes = {}) {
  setCookie('csrftoken', 'csrf-1');
  const fetchMock = mockFetch({
    'GET /api/me': { body: me },
    'GET /api/sudoku/game': { body: makeGame() },
    'PUT /api/sudoku/updateTime': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
    'PUT /api/sudoku/saveGame': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
    ...routes,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/apps/sudoku/game" element={<SudokuGamePage />} />
    </Routes>,
    { route: '/apps/sudoku/game?id=42' },
  );
  return { ...rendered, fetchMock };
}

const cell = (row: number, col: number) => getLabelled('textbox', `Row ${row}, column ${col}`);
const gridcell = (row: number, col: number) => cell(row, col).closest('[role="gridcell"]') as HTMLElement;
const pad = () => screen.getByRole('group', { name: 'Number pad' });
const mode = (name: string) => within(screen.getByRole('group', { name: 'Entry mode' })).getByRole('button', { name });

describe('SudokuGamePage solving tools', () => {
  it('fills every empty cell’s candidates in one undoable step; a placed digit then leaves its peers’ notes', async () => {
    const { user } = renderGame();
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Fill candidates' }));
    // Wikipedia's puzzle: r1c3 can be 1, 2 or 4; r1c6 2, 4, 6 or 8; r2c2 2, 4 or 7; r5c5 only 5.
    expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2, 4');
    expect(cell(1, 6)).toHaveAccessibleDescription('Notes 2, 4, 6, 8');
    expect(cell(2, 2)).toHaveAccessibleDescription('Notes 2, 4, 7');
    expect(cell(5, 5)).toHaveAccessibleDescription('Notes 5');
    expect(cell(1, 1)).toHaveAccessibleDescription('Clue');

    await user.click(cell(1, 3));
    await user.keyboard('4');
    expect(cell(1, 6)).toHaveAccessibleDescription('Notes 2, 6, 8'); // same row
    expect(cell(2, 2)).toHaveAccessibleDescription('Notes 2, 7'); // same box
    expect(cell(5, 5)).toHaveAccessibleDescription('Notes 5'); // elsewhere

    await user.keyboard('{Control>}z{/Control}');
    expect(cell(1, 6)).toHaveAccessibleDescription('Notes 2, 4, 6, 8');
    await user.keyboard('{Control>}z{/Control}');
    expect(cell(1, 6)).not.toHaveAccessibleDescription();
    // F from the keyboard does the same.
    await user.keyboard('f');
    expect(cell(1, 6)).toHaveAccessibleDescription('Notes 2, 4, 6, 8');
  });

  it('writes corner and centre marks, shows them in their places, and a placement clears them from peers', async () => {
    const { user } = renderGame();
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    await user.click(mode('Corner'));
    expect(mode('Corner')).toHaveAttribute('aria-pressed', 'true');
    expect(mode('Notes')).toHaveAttribute('aria-pressed', 'false');
    await user.click(within(pad()).getByRole('button', { name: /^1, / }));
    await user.keyboard('2');
    expect(cell(1, 3)).toHaveAccessibleDescription('Corner marks 1, 2');
    expect(within(gridcell(1, 3)).getByText('2')).toHaveAttribute('data-pos', '1');

    // T moves on to centre marks; a cell can hold both kinds.
    await user.keyboard('t4');
    expect(mode('Centre')).toHaveAttribute('aria-pressed', 'true');
    expect(cell(1, 3)).toHaveAccessibleDescription('Corner marks 1, 2. Centre marks 4');

    await user.click(cell(1, 4));
    await user.keyboard('24');
    expect(cell(1, 4)).toHaveAccessibleDescription('Centre marks 2, 4');
    // Out of notes mode, a digit is placed: r1c3's own marks go, and 2 leaves its peer r1c4.
    await user.click(mode('Centre'));
    expect(mode('Centre')).toHaveAttribute('aria-pressed', 'false');
    await user.click(cell(1, 3));
    await user.keyboard('2');
    expect(cell(1, 3)).toHaveValue('2');
    expect(cell(1, 3)).not.toHaveAccessibleDescription();
    expect(cell(1, 4)).toHaveAccessibleDescription('Centre marks 4');
  });

  it('colours the selected cells from colour mode, and takes a colour off again', async () => {
    const { user } = renderGame();
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    await user.keyboard('c');
    expect(mode('Colour')).toHaveAttribute('aria-pressed', 'true');
    const colours = screen.getByRole('group', { name: 'Colours' });
    expect(within(colours).getAllByRole('button', { name: /^Colour \d/ })).toHaveLength(6);
    await user.click(within(colours).getByRole('button', { name: 'Colour 1: red' }));
    expect(gridcell(1, 3)).toHaveAttribute('data-colour', '1');
    expect(cell(1, 3)).toHaveAccessibleDescription('Coloured red');
    expect(within(colours).getByRole('button', { name: 'Colour 1: red' })).toHaveAttribute('aria-pressed', 'true');
    // A clue can be coloured too, and Ctrl+click adds a cell to the selection.
    await user.keyboard('{Control>}');
    await user.click(cell(1, 1));
    await user.keyboard('{/Control}4');
    expect(gridcell(1, 1)).toHaveAttribute('data-colour', '4');
    expect(gridcell(1, 3)).toHaveAttribute('data-colour', '4');
    expect(cell(1, 1)).toHaveValue('5');
    await user.click(within(colours).getByRole('button', { name: 'No colour' }));
    expect(gridcell(1, 1)).not.toHaveAttribute('data-colour');
    expect(gridcell(1, 3)).not.toHaveAttribute('data-colour');
    // Back to digits: the number pad returns.
    await user.click(mode('Colour'));
    expect(pad()).toBeInTheDocument();
  });

  it('tints the selection’s row, column and box, and highlights the digit in focus in cells and notes', async () => {
    const { user } = renderGame();
    await screen.findByRole('grid');
    await user.click(cell(1, 1)); // the clue 5
    expect(gridcell(1, 9)).toHaveAttribute('data-peer');
    expect(gridcell(3, 3)).toHaveAttribute('data-peer');
    expect(gridcell(5, 5)).not.toHaveAttribute('data-peer');
    expect(gridcell(2, 6)).toHaveAttribute('data-same'); // another 5
    expect(gridcell(1, 2)).not.toHaveAttribute('data-same');

    // An empty cell: the digit last pressed there is in focus, in cells and in notes.
    await user.click(screen.getByRole('button', { name: 'Fill candidates' }));
    await user.click(cell(1, 3));
    expect(document.querySelectorAll('[data-same]')).toHaveLength(0);
    await user.keyboard('n');
    await user.click(within(pad()).getByRole('button', { name: /^7, / }));
    expect(gridcell(1, 5)).toHaveAttribute('data-same'); // the clue 7
    expect(within(gridcell(2, 2)).getByText('7')).toHaveAttribute('data-match');
    expect(within(gridcell(2, 2)).getByText('2')).not.toHaveAttribute('data-match');
  });

  it('greys out and disables a digit placed nine times, with a label saying so', async () => {
    const game = makeGame();
    game.transformed_state = cells(SOLUTION);
    game.transformed_state[0]![2] = { value: 0, clue: false };
    renderGame({ 'GET /api/sudoku/game': { body: game } });
    await screen.findByRole('grid');
    expect(within(pad()).getByRole('button', { name: /^4, \d left$/ })).toBeEnabled();
    expect(within(pad()).getByRole('button', { name: '5, done: all placed' })).toBeDisabled();
    expect(within(pad()).getAllByRole('button', { name: /all placed/ })).toHaveLength(8);
  });

  describe('mistake setting (docs/api.md#preferences)', () => {
    /** 2 in r1c3 clashes with nothing, but the solution has 4 there. */
    const wrongAt13 = async (user: ReturnType<typeof renderGame>['user']) => {
      await user.click(cell(1, 3));
      await user.keyboard('2');
    };

    it('marks rule conflicts by default, and wrong digits once set to compare with the solution (saved to the account)', async () => {
      const { user, fetchMock } = renderGame({
        'GET /api/preferences': { body: preferences('conflicts') },
        'PUT /api/preferences': (init) => ({
          body: { ...preferences('x'), ...JSON.parse(String(init?.body)) },
        }),
      });
      await screen.findByRole('grid');
      const setting = screen.getByRole('combobox', { name: 'Show mistakes' });
      expect(setting).toHaveValue('conflicts');
      await wrongAt13(user);
      expect(cell(1, 3)).not.toHaveAttribute('aria-invalid');
      await user.click(cell(1, 4));
      await user.keyboard('5'); // clashes with the clue 5 in r1c1
      expect(cell(1, 4)).toHaveAttribute('aria-invalid', 'true');

      await user.selectOptions(setting, 'solution');
      await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/preferences')).toHaveLength(1));
      expect(callsTo(fetchMock, 'PUT', '/api/preferences')[0]?.body).toEqual({ sudoku: { mistakes: 'solution' } });
      expect(cell(1, 3)).toHaveAttribute('aria-invalid', 'true');
      expect(cell(1, 3)).toHaveAccessibleDescription('Wrong digit');
      expect(gridcell(1, 3)).toHaveAttribute('data-wrong');
      expect(cell(1, 4)).toHaveAttribute('aria-invalid', 'true'); // 5 is wrong there too
      expect(cell(1, 1)).not.toHaveAttribute('aria-invalid'); // the clue it clashes with is right
      // A right digit is not marked.
      await user.click(cell(1, 3));
      await user.keyboard('4');
      expect(cell(1, 3)).not.toHaveAttribute('aria-invalid');

      await user.selectOptions(setting, 'off');
      expect(cell(1, 4)).not.toHaveAttribute('aria-invalid');
      expect(gridcell(1, 4)).not.toHaveAttribute('data-conflict');
      expect(localStorage.getItem('sudokuMistakes')).toBe('off');
    });

    it('starts with the account’s setting', async () => {
      renderGame({ 'GET /api/preferences': { body: preferences('solution') } });
      await screen.findByRole('grid');
      await waitFor(() => expect(screen.getByRole('combobox', { name: 'Show mistakes' })).toHaveValue('solution'));
    });

    it('keeps the choice in this browser and says so when the account cannot save it', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { user } = renderGame({
        'GET /api/preferences': apiError(503, 'The database is busy.'),
        'PUT /api/preferences': apiError(503, 'The database is busy.'),
      });
      await screen.findByRole('grid');
      const setting = screen.getByRole('combobox', { name: 'Show mistakes' });
      expect(setting).toHaveValue('conflicts');
      await wrongAt13(user);
      await user.selectOptions(setting, 'solution');
      expect(await screen.findByText('Setting not saved to your account')).toBeInTheDocument();
      expect(setting).toHaveValue('solution');
      expect(cell(1, 3)).toHaveAttribute('aria-invalid', 'true');
      expect(localStorage.getItem('sudokuMistakes')).toBe('solution');
    });
  });

  it('keeps notes, marks and colours for the game across a reload, and forgets them once it is over', async () => {
    const first = renderGame();
    await screen.findByRole('grid');
    await first.user.click(cell(1, 3));
    await first.user.keyboard('n12tt5c3');
    expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2. Centre marks 5. Coloured yellow');
    first.unmount();
    expect(JSON.parse(localStorage.getItem('sudokuMarks:42') ?? '{}').cells).toEqual([[2, 0b11, 0, 0b10000, 3]]);

    const again = renderGame({
      'POST /api/sudoku/checkSolution': {
        body: { status: 'success', isCorrect: true, errors: { rows: [], columns: [], boxes: [] } },
      },
    });
    await screen.findByRole('grid');
    expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2. Centre marks 5. Coloured yellow');
    await again.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Congratulations! Correct solution.')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('sudokuMarks:42')).toBeNull());
  });
});
