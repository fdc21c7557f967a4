import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../../test/cookies';
import { apiError, callsTo, holdRequests, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeGame, PUZZLE_TEXT } from '../test-fixtures';
import { OwnPuzzleCard } from './OwnPuzzleCard';

const GRADE = {
  difficulty: 'medium',
  techniques: ['naked single', 'hidden single', 'naked pair'],
  clues: 30,
  share: PUZZLE_TEXT,
};
const MULTIPLE = 'This puzzle has more than one solution, so it cannot be solved by logic alone';

function Location() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderCard(routes: Parameters<typeof mockFetch>[0] = {}) {
  setCookie('csrftoken', 'csrf-1');
  const fetchMock = mockFetch(routes);
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/apps/sudoku" element={<OwnPuzzleCard />} />
      <Route path="/apps/sudoku/game" element={<Location />} />
    </Routes>,
    { route: '/apps/sudoku' },
  );
  return { ...rendered, fetchMock };
}

const field = () => screen.getByRole('textbox', { name: 'Puzzle' });
const checkButton = () => screen.getByRole('button', { name: 'Check puzzle' });
const startButton = () => screen.getByRole('button', { name: 'Start' });

/** Pastes the text into the field, the way most people will bring a puzzle. */
async function paste(user: ReturnType<typeof renderCard>['user'], text: string) {
  await user.click(field());
  await user.paste(text);
}

describe('OwnPuzzleCard', () => {
  it("checks the text as it is typed with the contract's messages, and counts the cells", async () => {
    const { user } = renderCard();
    expect(field()).toHaveAccessibleDescription('0 of 81 cells');
    expect(checkButton()).toBeDisabled();
    expect(startButton()).toBeDisabled();

    await user.type(field(), '53..7');
    expect(field()).toHaveAccessibleDescription(/A puzzle has exactly 81 cells \(81 characters, row by row\)/);
    expect(field()).toHaveAccessibleDescription(/5 of 81 cells/);
    expect(field()).toBeInvalid();

    await user.type(field(), 'x');
    expect(field()).toHaveAccessibleDescription(/A puzzle may only contain digits 1-9 and '\.' or '0' for empty cells/);
    expect(checkButton()).toBeDisabled();

    await user.clear(field());
    // Rows on lines of their own, as a puzzle is often written: white space does not count.
    await paste(user, PUZZLE_TEXT.match(/.{9}/g)?.join('\n') ?? '');
    expect(field()).toHaveAccessibleDescription('81 of 81 cells');
    expect(field()).toBeValid();
    expect(checkButton()).toBeEnabled();
    expect(startButton()).toBeEnabled();
  });

  it('shows the grade: level, clue count and the techniques needed', async () => {
    const { user, fetchMock } = renderCard({ 'POST /api/sudoku/custom/check': { body: GRADE } });
    await paste(user, PUZZLE_TEXT);
    await user.click(checkButton());

    expect(await screen.findByText('One solution · Medium')).toBeInTheDocument();
    expect(screen.getByText(/30 clues/)).toBeInTheDocument();
    const techniques = screen.getByRole('list', { name: 'Techniques needed' });
    expect(
      within(techniques)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Naked single', 'Hidden single', 'Naked pair']);
    const [call] = callsTo(fetchMock, 'POST', '/api/sudoku/custom/check');
    expect(call?.body).toEqual({ puzzle: PUZZLE_TEXT });
    expect(new Headers(call?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')).toHaveLength(0);
  });

  it('says an expert puzzle needs guessing and that hints then reveal a cell', async () => {
    const expert = { ...GRADE, difficulty: 'expert', techniques: ['naked single'] };
    const { user } = renderCard({ 'POST /api/sudoku/custom/check': { body: expert } });
    await paste(user, PUZZLE_TEXT);
    await user.click(checkButton());
    expect(await screen.findByText('One solution · Expert')).toBeInTheDocument();
    expect(screen.getByText(/It needs guessing/)).toHaveTextContent('hints reveal a cell wherever none helps');
  });

  it("shows the server's refusal verbatim, and forgets it once the text changes", async () => {
    const { user } = renderCard({ 'POST /api/sudoku/custom/check': apiError(400, MULTIPLE, { puzzle: MULTIPLE }) });
    await paste(user, PUZZLE_TEXT.replace('5', '.'));
    await user.click(checkButton());
    expect(await screen.findByText('This puzzle cannot be played')).toBeInTheDocument();
    expect(screen.getByText(MULTIPLE)).toBeInTheDocument();

    await user.type(field(), ' ');
    expect(screen.queryByText(MULTIPLE)).not.toBeInTheDocument();
  });

  it('starts a game of the puzzle and opens it', async () => {
    const { user, fetchMock } = renderCard({
      'POST /api/sudoku/custom': { body: { ...makeGame({ id: 64, source: 'custom' }), grade: GRADE } },
    });
    const held = holdRequests(fetchMock, 'POST', '/api/sudoku/custom');
    await paste(user, PUZZLE_TEXT);
    await user.click(startButton());
    await waitFor(() => expect(startButton()).toHaveAttribute('data-loading'));
    expect(checkButton()).toBeDisabled();
    held.release();
    expect(await screen.findByText('At /apps/sudoku/game?id=64')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/sudoku/custom')[0]?.body).toEqual({ puzzle: PUZZLE_TEXT });
  });

  it('says why a puzzle cannot be started', async () => {
    const guessing = 'This puzzle needs guessing: the techniques we grade with (naked single, …) cannot finish it';
    const { user } = renderCard({ 'POST /api/sudoku/custom': apiError(400, guessing) });
    await paste(user, PUZZLE_TEXT);
    await user.click(startButton());
    expect(await screen.findByText(guessing)).toBeInTheDocument();
    expect(screen.getByText('This puzzle cannot be played')).toBeInTheDocument();
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
  });
});
