import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../lib/api-client';
import { RequireSignIn } from '../auth';
import { useSudokuGame } from './api/use-sudoku';
import { SharedPuzzleGuest } from './components/SharedPuzzleGuest';
import { SharedPuzzleStart } from './components/SharedPuzzleStart';
import { SudokuGameView } from './components/SudokuGameView';

/** The game id from `?id=`, or null when it is missing or not a positive whole number. */
function parseGameId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function BackToMenu({ label = 'Back to the Sudoku menu' }: { label?: string }) {
  return (
    <Button component={Link} to="/apps/sudoku" variant="default" leftSection={<IconArrowLeft size={16} />}>
      {label}
    </Button>
  );
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1}>Sudoku</Title>
      <Alert color="red" icon={<IconAlertCircle />} title={title}>
        {children}
      </Alert>
    </Stack>
  );
}

/**
 * docs/product.md#sudoku game at /apps/sudoku/game?id=…. The game is loaded by id, so a reload
 * resumes it where the server has it. A share link `?p=<puzzle>` (without an id) first starts the
 * player's own game of that puzzle; a visitor is told what the link holds, signs in and then gets it.
 */
export function SudokuGamePage() {
  const [params] = useSearchParams();
  const id = parseGameId(params.get('id'));
  const shared = id === null ? params.get('p') : null;
  return (
    <RequireSignIn
      title="Sudoku"
      reason="Your games and times are saved to your account."
      {...(shared === null ? {} : { fallback: <SharedPuzzleGuest puzzle={shared} /> })}
    >
      {shared !== null ? <SharedPuzzleStart puzzle={shared} /> : <SudokuGame id={id} />}
    </RequireSignIn>
  );
}

function SudokuGame({ id }: { id: number | null }) {
  const game = useSudokuGame(id);

  if (id === null) {
    return (
      <Problem title="No game selected">
        <Text size="sm" mb="sm">
          Start a new game or continue a saved one from the Sudoku menu.
        </Text>
        <BackToMenu />
      </Problem>
    );
  }
  if (game.isPending) return <PageLoader label="Loading your game…" />;
  if (game.isError) {
    const notFound = isApiError(game.error, 404);
    return (
      <Problem title={notFound ? 'Game not found' : 'Could not load the game'}>
        <Text size="sm" mb="sm">
          {notFound
            ? 'This game does not exist or belongs to another account. It may have been deleted.'
            : game.error.message}
        </Text>
        <Group gap="sm">
          {!notFound && (
            <Button color="red" variant="white" onClick={() => game.refetch()}>
              Try again
            </Button>
          )}
          <BackToMenu />
        </Group>
      </Problem>
    );
  }
  return <SudokuGameView key={game.data.id} game={game.data} />;
}
