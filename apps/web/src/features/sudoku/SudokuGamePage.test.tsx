import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../test/fetch-mock';
import { getLabelled } from '../../test/queries';
import { renderWithProviders } from '../../test/render';
import { SudokuGamePage } from './SudokuGamePage';
import { cells, makeGame, me, SOLUTION } from './test-fixtures';

type MockRoutes = Parameters<typeof mockFetch>[0];

function renderGame(routes: MockRoutes, { route = '/apps/sudoku/game?id=42' } = {}) {
  setCookie('csrftoken', 'csrf-1');
  const fetchMock = mockFetch({ 'GET /api/me': { body: me }, ...routes });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/apps/sudoku" element={<p>Sudoku menu</p>} />
      <Route path="/apps/sudoku/game" element={<SudokuGamePage />} />
    </Routes>,
    { route },
  );
  return { ...rendered, fetchMock };
}

const gameRoutes = (overrides: MockRoutes = {}): MockRoutes => ({
  'GET /api/sudoku/game': { body: makeGame() },
  'PUT /api/sudoku/updateTime': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
  'PUT /api/sudoku/saveGame': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
  ...overrides,
});

/** Row 1 of the fixture puzzle after a 4 in column 3, as the cells the API takes back. */
const FIRST_ROW_WITH_4 = [5, 3, 4, 0, 7, 0, 0, 0, 0].map((value, c) => ({ value, clue: [0, 1, 4].includes(c) }));

const cell = (row: number, col: number) => getLabelled('textbox', `Row ${row}, column ${col}`);
const gridcell = (row: number, col: number) => cell(row, col).closest('[role="gridcell"]') as HTMLElement;

describe('SudokuGamePage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a visitor the login card', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<SudokuGamePage />, { route: '/apps/sudoku/game?id=42' });
    expect(await screen.findByText('Please log in to use this app')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/sudoku/game')).toHaveLength(0);
  });

  it('explains a missing id or an unknown game and links back to the menu', async () => {
    const { unmount } = renderGame({}, { route: '/apps/sudoku/game' });
    expect(await screen.findByText('No game selected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the Sudoku menu/ })).toHaveAttribute('href', '/apps/sudoku');
    unmount();

    renderGame({ 'GET /api/sudoku/game': apiError(404, 'Game not found') }, { route: '/apps/sudoku/game?id=9' });
    expect(await screen.findByText('Game not found')).toBeInTheDocument();
    expect(screen.getByText(/does not exist or belongs to another account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the Sudoku menu/ })).toBeInTheDocument();
  });

  it('loads the game by id, shows the title and timer, and locks the clues', async () => {
    const { fetchMock } = renderGame(gameRoutes());
    expect(await screen.findByRole('heading', { level: 1, name: 'easy Sudoku' })).toBeInTheDocument();
    const [load] = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/sudoku/game'));
    expect(String(load?.[0])).toBe('/api/sudoku/game?id=42');
    expect(screen.getByRole('timer')).toHaveTextContent('Time: 0s');
    expect(screen.getByRole('grid', { name: 'Sudoku board' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Sudoku board' });
    expect(within(grid).getAllByRole('row')).toHaveLength(9);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(81);

    expect(cell(1, 1)).toHaveValue('5');
    expect(cell(1, 1)).toHaveAttribute('readonly');
    expect(cell(1, 3)).toHaveValue('');
    expect(cell(1, 3)).not.toHaveAttribute('readonly');
    for (const name of ['Check', 'Pause', 'Save Game', 'Give Up']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('resumes a saved board with the player digits editable', async () => {
    const saved = makeGame({ time: 125 });
    saved.transformed_state[0]![2] = { value: 4, clue: false };
    renderGame(gameRoutes({ 'GET /api/sudoku/game': { body: saved } }));
    expect(await screen.findByText('Time: 125s')).toBeInTheDocument();
    expect(cell(1, 3)).toHaveValue('4');
    expect(cell(1, 3)).not.toHaveAttribute('readonly');
  });

  it('plays with the keyboard: digits, refused characters, arrows, conflicts, undo and redo', async () => {
    const { user } = renderGame(gameRoutes());
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    await user.keyboard('4');
    expect(cell(1, 3)).toHaveValue('4');

    await user.keyboard('a');
    expect(cell(1, 3)).toHaveValue('4');
    expect(gridcell(1, 3)).toHaveAttribute('data-flagged');

    // A clue cannot change.
    await user.keyboard('{ArrowLeft}');
    expect(cell(1, 2)).toHaveFocus();
    await user.keyboard('9{Backspace}');
    expect(cell(1, 2)).toHaveValue('3');

    // The same digit twice in a row: both cells marked.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cell(1, 4)).toHaveFocus();
    await user.keyboard('4');
    expect(cell(1, 4)).toHaveAttribute('aria-invalid', 'true');
    expect(cell(1, 3)).toHaveAttribute('aria-invalid', 'true');
    expect(cell(1, 1)).not.toHaveAttribute('aria-invalid');

    await user.keyboard('{Control>}z{/Control}');
    expect(cell(1, 4)).toHaveValue('');
    expect(cell(1, 3)).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Control>}y{/Control}');
    expect(cell(1, 4)).toHaveValue('4');
    await user.keyboard('{Delete}');
    expect(cell(1, 4)).toHaveValue('');

    // Selection highlights: same row is a peer, same digit stands out.
    await user.keyboard('{ArrowLeft}');
    expect(gridcell(1, 9)).toHaveAttribute('data-peer');
    expect(gridcell(4, 3)).toHaveAttribute('data-peer'); // same column
    expect(gridcell(2, 1)).toHaveAttribute('data-peer'); // same box
    expect(gridcell(5, 5)).not.toHaveAttribute('data-peer');
  });

  it('takes notes and digits from the number pad', async () => {
    const { user } = renderGame(gameRoutes());
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    const notes = screen.getByRole('button', { name: 'Notes' });
    expect(notes).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('n');
    expect(notes).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('12');
    expect(cell(1, 3)).toHaveValue('');
    expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2');
    expect(within(gridcell(1, 3)).getByText('2')).toBeInTheDocument();

    await user.click(notes);
    const pad = screen.getByRole('group', { name: 'Number pad' });
    await user.click(within(pad).getByRole('button', { name: /^6, / }));
    expect(cell(1, 3)).toHaveValue('6');
    expect(cell(1, 3)).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Erase' }));
    expect(cell(1, 3)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cell(1, 3)).toHaveValue('6');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(cell(1, 3)).toHaveValue('');
  });

  it('says Incorrect solution. and highlights the offending units for a second', async () => {
    const { user, fetchMock } = renderGame(
      gameRoutes({
        'POST /api/sudoku/checkSolution': {
          body: { status: 'success', isCorrect: false, errors: { rows: [0], columns: [], boxes: [8] } },
        },
      }),
    );
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    await user.keyboard('4');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByText('Incorrect solution.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution');
    expect(call?.body.gameid).toBe(42);
    expect(call?.body.board[0]).toEqual(FIRST_ROW_WITH_4);
    expect(gridcell(1, 5)).toHaveAttribute('data-unit-error');
    expect(gridcell(9, 9)).toHaveAttribute('data-unit-error');
    expect(gridcell(5, 5)).not.toHaveAttribute('data-unit-error');
    await waitFor(() => expect(gridcell(1, 5)).not.toHaveAttribute('data-unit-error'));

    // The message goes once the board changes.
    await user.click(cell(1, 3));
    await user.keyboard('{Backspace}');
    expect(screen.queryByText('Incorrect solution.')).not.toBeInTheDocument();
  });

  it('congratulates on a correct solution and ends the game', async () => {
    const { user } = renderGame(
      gameRoutes({
        'POST /api/sudoku/checkSolution': {
          body: { status: 'success', isCorrect: true, errors: { rows: [], columns: [], boxes: [] } },
        },
      }),
    );
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Congratulations! Correct solution.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(cell(1, 3)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Show the solving path' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Sudoku menu')).toBeInTheDocument();
  });

  it('gives up after confirming: Game Over - Lost, the solution and Back', async () => {
    const { user, fetchMock } = renderGame(
      gameRoutes({ 'PUT /api/sudoku/giveUp': { body: { success: true, message: 'Game marked as lost' } } }),
    );
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Give Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up this game?' });
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/giveUp')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Give Up' }));

    expect(await screen.findByText('Game Over - Lost')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/giveUp')[0]?.body).toEqual({ gameid: 42 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cell(1, 3)).toHaveValue('4');
    expect(cell(9, 1)).toHaveValue('3');
    expect(cell(9, 1)).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show the solving path' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Sudoku menu')).toBeInTheDocument();
  });

  it('keeps playing when Give Up is not confirmed', async () => {
    const { user, fetchMock } = renderGame(gameRoutes());
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Give Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up this game?' });
    expect(
      within(dialog).getByText('The solution will be shown and the game will count as lost. This cannot be undone.'),
    ).toBeInTheDocument();
    // The safe choice has the focus, so Enter does not give up.
    expect(within(dialog).getByRole('button', { name: 'Keep Playing' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Playing' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/giveUp')).toHaveLength(0);
    expect(screen.queryByText('Game Over - Lost')).not.toBeInTheDocument();
    expect(cell(1, 3)).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Give Up' })).toBeEnabled();
  });

  it('shows Give Up loading while the server is told, and keeps the game when that fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = renderGame(
      gameRoutes({ 'PUT /api/sudoku/giveUp': apiError(503, 'The game store is read-only') }),
    );
    // Hold the give-up's answer until the test lets it go.
    const held = holdRequests(fetchMock, 'PUT', '/api/sudoku/giveUp');
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Give Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up this game?' });
    const confirm = within(dialog).getByRole('button', { name: 'Give Up' });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toHaveAttribute('data-loading'));
    expect(confirm).toBeDisabled();
    held.release();
    expect(await screen.findByText('Could not give up the game')).toBeInTheDocument();
    expect(screen.getByText('The game store is read-only')).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('Failed to give up game', expect.any(Error));
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/giveUp')).toHaveLength(1);
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
    expect(screen.getByRole('dialog', { name: 'Give up this game?' })).toBeInTheDocument();
    expect(screen.queryByText('Game Over - Lost')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep Playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cell(1, 3)).not.toHaveAttribute('readonly');
  });

  it('hides the board behind a placeholder while paused and ignores keys', async () => {
    const { user } = renderGame(gameRoutes());
    await screen.findByRole('grid');
    await user.click(cell(1, 3));
    await user.click(screen.getByRole('button', { name: 'Pause' }));

    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Board hidden while paused' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryByDisplayValue('5')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    await user.keyboard('7');

    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(screen.getByRole('grid')).toBeInTheDocument();
    expect(cell(1, 3)).toHaveValue('');
  });

  it('saves the board and time with Save Game', async () => {
    const { user, fetchMock } = renderGame(
      gameRoutes({ 'PUT /api/sudoku/saveGame': { body: { success: true, time: 0 } } }),
    );
    await screen.findByRole('grid');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    await user.click(cell(1, 3));
    await user.keyboard('4');
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    // The clock runs in real time: on a loaded machine a second may tick before Save, so the time
    // sent must be what the timer showed around the click, not a fixed 0.
    const seconds = () => Number(/Time: (\d+)s/.exec(screen.getByRole('timer').textContent ?? '')?.[1]);
    const before = seconds();
    await user.click(screen.getByRole('button', { name: 'Save Game' }));

    expect(await screen.findByText('Game saved')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'PUT', '/api/sudoku/saveGame');
    expect(call?.body).toMatchObject({ gameid: 42 });
    expect(call?.body.time).toBeGreaterThanOrEqual(before);
    expect(call?.body.time).toBeLessThanOrEqual(seconds());
    expect(call?.body.current_state[0]).toEqual(FIRST_ROW_WITH_4);
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('ticks every second and sends the time every 5 s, on pause and on leaving', async () => {
    vi.useFakeTimers();
    const { fetchMock, unmount } = renderGame(gameRoutes());
    // Fake timers: step time in small slices until the game has loaded (react-query batches with timers).
    for (let i = 0; i < 200 && !screen.queryByRole('grid'); i++) {
      await act(() => vi.advanceTimersByTimeAsync(5));
    }
    expect(screen.getByRole('timer')).toHaveTextContent('Time: 0s');
    const sent = () => callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime').map((c) => c.body);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('Time: 1s');
    expect(sent()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('timer')).toHaveTextContent('Time: 5s');
    expect(sent()).toEqual([{ sudoku_id: 42, time: 5 }]);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    // fireEvent, not user-event: Testing Library's async wrapper waits on a timer that fake timers hold.
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sent().at(-1)).toEqual({ sudoku_id: 42, time: 7 });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Time: 7s');
    expect(sent()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    unmount();
    const last = callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime').at(-1);
    expect(last?.body).toEqual({ sudoku_id: 42, time: 10 });
    expect(last?.init?.keepalive).toBe(true);
  });

  describe('autosave', () => {
    /** Renders the game with fake timers and steps time until it has loaded. */
    async function loadGame(overrides: MockRoutes = {}) {
      vi.useFakeTimers();
      const rendered = renderGame(gameRoutes(overrides));
      for (let i = 0; i < 200 && !screen.queryByRole('grid'); i++) {
        await act(() => vi.advanceTimersByTimeAsync(5));
      }
      const saves = () => callsTo(rendered.fetchMock, 'PUT', '/api/sudoku/saveGame');
      return { ...rendered, saves };
    }
    // fireEvent, not user-event: Testing Library's async wrapper waits on a timer that fake timers hold.
    const type = (row: number, col: number, digit: string) =>
      fireEvent.change(cell(row, col), { target: { value: digit } });
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const note = () => screen.getByRole('status');

    it('saves the board 1.5 s after the last move and then says Saved', async () => {
      const { saves } = await loadGame();
      expect(note()).toHaveTextContent('Saved');
      type(1, 3, '4');
      await wait(1000);
      type(1, 4, '6');
      await wait(1000);
      expect(saves()).toHaveLength(0); // each move restarts the wait
      expect(note()).toHaveTextContent('Saving…');
      await wait(500);
      expect(saves()).toHaveLength(1);
      expect(saves()[0]?.body).toMatchObject({ gameid: 42, time: 2 });
      expect(saves()[0]?.body.current_state[0].map((c: { value: number }) => c.value)).toEqual([
        5, 3, 4, 6, 7, 0, 0, 0, 0,
      ]);
      expect(saves()[0]?.init?.keepalive).toBeUndefined();
      expect(note()).toHaveTextContent('Saved');
      expect(screen.queryByText('Game saved')).not.toBeInTheDocument(); // no toast
      await wait(10_000);
      expect(saves()).toHaveLength(1); // nothing new to save
    });

    it('does not save while paused, and saves after Resume', async () => {
      const { saves } = await loadGame();
      type(1, 3, '4');
      await wait(500);
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
      await wait(10_000);
      expect(saves()).toHaveLength(0);
      expect(note()).toHaveTextContent('Unsaved changes');
      fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
      await wait(1500);
      expect(saves()).toHaveLength(1);
      expect(note()).toHaveTextContent('Saved');
    });

    it('saves unsaved moves with keepalive when the page is hidden or the screen is left', async () => {
      const { saves, unmount } = await loadGame();
      type(1, 3, '4');
      await wait(200);
      window.dispatchEvent(new Event('pagehide'));
      expect(saves()).toHaveLength(1);
      expect(saves()[0]?.init?.keepalive).toBe(true);
      expect(new Headers(saves()[0]?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');
      await wait(5000);
      expect(saves()).toHaveLength(1); // already saved: no timer save after it

      type(1, 4, '6');
      await wait(200);
      unmount();
      expect(saves()).toHaveLength(2);
      expect(saves()[1]?.init?.keepalive).toBe(true);
      expect(saves()[1]?.body.current_state[0][3]).toEqual({ value: 6, clue: false });
    });

    it('sends one request on leaving with unsaved moves: the save, which carries the time', async () => {
      const { saves, fetchMock } = await loadGame();
      await wait(3000); // the clock moves on: the time is new too
      type(1, 3, '4');
      await wait(200);
      const timesBefore = callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime').length;
      window.dispatchEvent(new Event('pagehide'));
      expect(saves()).toHaveLength(1);
      expect(saves()[0]?.body.time).toBeGreaterThanOrEqual(3);
      expect(callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime')).toHaveLength(timesBefore);
    });

    it('says quietly when a save failed, and tries again', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      let fail = true;
      const { saves } = await loadGame({
        'PUT /api/sudoku/saveGame': (init) =>
          fail
            ? apiError(503, 'The game store is read-only')
            : { body: { success: true, time: JSON.parse(String(init?.body)).time } },
      });
      type(1, 3, '4');
      await wait(1500);
      expect(saves()).toHaveLength(1);
      expect(note()).toHaveTextContent('Not saved yet, trying again…');
      expect(screen.queryByText('Could not save the game')).not.toBeInTheDocument();
      expect(errors).toHaveBeenCalledWith('Failed to save game', expect.any(Error));
      fail = false;
      await wait(5000);
      expect(saves()).toHaveLength(1);
      await wait(5000);
      expect(saves()).toHaveLength(2);
      expect(note()).toHaveTextContent('Saved');
    });

    it('does not save once the game is over', async () => {
      const { saves, fetchMock, unmount } = await loadGame({
        'POST /api/sudoku/checkSolution': {
          body: { status: 'success', isCorrect: true, errors: { rows: [], columns: [], boxes: [] } },
        },
      });
      type(1, 3, '4');
      fireEvent.click(screen.getByRole('button', { name: 'Check' }));
      await wait(100);
      expect(screen.getByText('Congratulations! Correct solution.')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution')).toHaveLength(1);
      await wait(10_000);
      window.dispatchEvent(new Event('pagehide'));
      unmount();
      expect(saves()).toHaveLength(0);
    });
  });

  describe('hints (docs/api.md#sudoku-hints)', () => {
    const nakedSingle = {
      kind: 'step',
      technique: 'naked single',
      name: 'Naked single',
      area: { unit: 'row', index: 1 },
      cells: ['r1c3'],
      candidates: [{ cell: 'r1c3', digits: [4] }],
      eliminations: [],
      placement: { cell: 'r1c3', digit: 4 },
      text: 'Naked single: r1c3 can only be 4.',
    };
    const hintRoute = (hint: object, used = 1) => ({ 'POST /api/sudoku/hint': { body: { hint, hints_used: used } } });
    const panel = () => screen.getByTestId('hint-panel');

    it('shows a step in three levels: name and area, cells and why, then applies it (undoable)', async () => {
      const { user, fetchMock } = renderGame(gameRoutes(hintRoute(nakedSingle, 3)));
      await screen.findByRole('grid');
      expect(screen.getByText('Hints used: 0')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Hint' }));
      expect(await within(panel()).findByText('Naked single')).toBeInTheDocument();
      expect(panel()).toHaveAttribute('aria-live', 'polite');
      expect(within(panel()).getByText('Look at row 1.')).toBeInTheDocument();
      expect(within(panel()).queryByText(nakedSingle.text)).not.toBeInTheDocument();
      expect(screen.getByText('Hints used: 3')).toBeInTheDocument();
      for (let col = 1; col <= 9; col++) expect(gridcell(1, col)).toHaveAttribute('data-hint-area');
      expect(gridcell(2, 1)).not.toHaveAttribute('data-hint-area');
      expect(gridcell(1, 3)).not.toHaveAttribute('data-hint-cell');
      const [call] = callsTo(fetchMock, 'POST', '/api/sudoku/hint');
      expect(call?.body.gameid).toBe(42);
      expect(call?.body.board[0].map((c: { value: number }) => c.value)).toEqual([5, 3, 0, 0, 7, 0, 0, 0, 0]);
      expect(call?.body.notes[0][0]).toEqual([]);

      // Level 2 from the keyboard: H is the same as the button.
      await user.keyboard('h');
      expect(within(panel()).getByText(nakedSingle.text)).toBeInTheDocument();
      expect(within(panel()).getByRole('list', { name: 'Candidates involved' })).toHaveTextContent('r1c3: 4');
      expect(gridcell(1, 3)).toHaveAttribute('data-hint-cell');
      expect(cell(1, 3)).toHaveAccessibleDescription('Part of the hint');

      await user.click(screen.getByRole('button', { name: 'Apply' }));
      expect(cell(1, 3)).toHaveValue('4');
      expect(gridcell(1, 3)).not.toHaveAttribute('data-hint-cell');
      expect(gridcell(1, 1)).not.toHaveAttribute('data-hint-area');
      expect(within(panel()).queryByText('Naked single')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Hint' })).toBeInTheDocument();
      // One call per hint: the levels and Apply are views of one answer.
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/hint')).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(cell(1, 3)).toHaveValue('');
    });

    it('applies eliminations to the notes and sends the notes with the request', async () => {
      const pair = {
        ...nakedSingle,
        technique: 'naked pair',
        name: 'Naked pair',
        placement: null,
        cells: ['r1c4', 'r1c6'],
        candidates: [
          { cell: 'r1c4', digits: [2, 6] },
          { cell: 'r1c6', digits: [2, 6] },
        ],
        eliminations: [{ cell: 'r1c3', digit: 2 }],
        text: 'Naked pair 2/6 in row 1 (r1c4 and r1c6) removes 2 from r1c3.',
      };
      const { user, fetchMock } = renderGame(gameRoutes(hintRoute(pair)));
      await screen.findByRole('grid');
      await user.click(cell(1, 3));
      await user.keyboard('n124n');
      expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2, 4');

      await user.keyboard('h');
      expect(await within(panel()).findByText('Naked pair')).toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/hint')[0]?.body.notes[0][2]).toEqual([1, 2, 4]);
      await user.keyboard('h');
      expect(gridcell(1, 4)).toHaveAttribute('data-hint-cell');
      expect(gridcell(1, 6)).toHaveAttribute('data-hint-cell');
      expect(gridcell(1, 3)).toHaveAttribute('data-hint-cell'); // where the digit goes
      await user.keyboard('h');
      expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 4');
      expect(cell(1, 3)).toHaveValue('');
      await user.keyboard('{Control>}z{/Control}');
      expect(cell(1, 3)).toHaveAccessibleDescription('Notes 1, 2, 4');
    });

    it('points to a wrong digit first and clears it', async () => {
      const mistake = { kind: 'mistake', cells: ['r1c3'], text: 'There is a wrong digit on the board.' };
      const { user } = renderGame(gameRoutes(hintRoute(mistake)));
      await screen.findByRole('grid');
      await user.click(cell(1, 3));
      await user.keyboard('9');
      await user.click(screen.getByRole('button', { name: 'Hint' }));
      expect(await within(panel()).findByText(/There is a wrong digit on the board/)).toBeInTheDocument();
      expect(gridcell(1, 3)).toHaveAttribute('data-hint-cell');
      await user.click(screen.getByRole('button', { name: 'Clear the wrong digits' }));
      expect(cell(1, 3)).toHaveValue('');
    });

    it('drops a hint once the board changes, and says when a hint could not be had', async () => {
      const { user, fetchMock } = renderGame(gameRoutes(hintRoute(nakedSingle)));
      await screen.findByRole('grid');
      await user.keyboard('h');
      expect(await within(panel()).findByText('Naked single')).toBeInTheDocument();
      await user.click(cell(5, 2));
      await user.keyboard('1');
      expect(within(panel()).queryByText('Naked single')).not.toBeInTheDocument();
      expect(gridcell(1, 1)).not.toHaveAttribute('data-hint-area');

      // The next hint is refused; every other call (the board's save, the time) answers as before,
      // however long the machine takes between the two presses.
      const answer = fetchMock.getMockImplementation();
      fetchMock.mockImplementation(async (input, init) =>
        String(input).includes('/api/sudoku/hint')
          ? new Response(JSON.stringify({ success: false, code: 409, message: 'This game is already finished' }), {
              status: 409,
              headers: { 'Content-Type': 'application/json' },
            })
          : (answer as typeof fetch)(input, init),
      );
      await user.click(screen.getByRole('button', { name: 'Hint' }));
      expect(await screen.findByText('Could not get a hint')).toBeInTheDocument();
      expect(screen.getByText('This game is already finished')).toBeInTheDocument();
    });
  });

  describe('the game knows when it is won', () => {
    // The game's clock stands still (Date and the time sync's interval are fake; the page's own
    // timeouts run), so the finish card shows the time the game had, however slow the machine.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    });
    const correct = { body: { status: 'success', isCorrect: true, errors: { rows: [], columns: [], boxes: [] } } };
    /** The solution with r1c3 still empty: one digit from the end. */
    const almostSolved = () => {
      const game = makeGame({ hints_used: 2, checks_used: 1 });
      game.transformed_state = cells(SOLUTION);
      game.transformed_state[0]![2] = { value: 0, clue: false };
      return game;
    };
    const stats = { body: { best: { easy: 95, medium: null, hard: null, expert: null }, won: 3, lost: 1 } };

    it('ends the game when the last cell is filled, without Check, and shows the finish card', async () => {
      const { user, fetchMock } = renderGame(
        gameRoutes({
          'GET /api/sudoku/game': { body: almostSolved() },
          'POST /api/sudoku/checkSolution': correct,
          'GET /api/sudoku/stats': stats,
        }),
      );
      await screen.findByRole('grid');
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution')).toHaveLength(0);
      await user.click(cell(1, 3));
      await user.keyboard('4');
      expect(await screen.findByText('Congratulations! Correct solution.')).toBeInTheDocument();
      const [call] = callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution');
      expect(call?.body.gameid).toBe(42);
      expect(call?.body.auto).toBe(true);
      expect(call?.body.board[0][2]).toEqual({ value: 4, clue: false });
      const card = screen.getByLabelText('Your game');
      expect(within(card).getByText('Hints used').nextSibling).toHaveTextContent('2');
      // The one press made before; the game's own check of the full board is not one.
      expect(within(card).getByText('Checks used').nextSibling).toHaveTextContent('1');
      expect(within(card).getByText('Time').nextSibling).toHaveTextContent('00:00');
      expect(await within(card).findByText('01:35')).toBeInTheDocument();
      expect(within(card).getByText('Best easy time')).toBeInTheDocument();
      expect(cell(1, 3)).toHaveAttribute('readonly');
      expect(screen.queryByRole('button', { name: 'Hint' })).not.toBeInTheDocument();
    });

    it('stays quiet for a full board the server finds wrong, and does not ask twice for the same board', async () => {
      const wrong = { body: { status: 'success', isCorrect: false, errors: { rows: [0], columns: [], boxes: [] } } };
      const { user, fetchMock } = renderGame(
        gameRoutes({ 'GET /api/sudoku/game': { body: almostSolved() }, 'POST /api/sudoku/checkSolution': wrong }),
      );
      await screen.findByRole('grid');
      await user.click(cell(1, 3));
      await user.keyboard('4');
      await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution')).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Pause' }));
      await user.click(screen.getByRole('button', { name: 'Resume' }));
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution')).toHaveLength(1);
      expect(screen.queryByText('Incorrect solution.')).not.toBeInTheDocument();
      expect(screen.queryByText('Congratulations! Correct solution.')).not.toBeInTheDocument();
      expect(cell(1, 3)).not.toHaveAttribute('readonly');
      // A clash is not a finished board: no call.
      await user.keyboard('{Backspace}5');
      expect(callsTo(fetchMock, 'POST', '/api/sudoku/checkSolution')).toHaveLength(1);
    });
  });
});
