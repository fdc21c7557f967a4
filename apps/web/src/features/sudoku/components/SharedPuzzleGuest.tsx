import { Stack, Title } from '@mantine/core';
import { puzzleTextProblem, withoutSpaces } from '@site/contract';
import { IconShare } from '@tabler/icons-react';
import { LoginRequiredCard } from '../../auth';

/**
 * A visitor who opens a share link (`/apps/sudoku/game?p=…`) signed out: what the link holds and that
 * signing in plays it. The link stays in the address, so the page starts the game once they are in.
 */
export function SharedPuzzleGuest({ puzzle }: { puzzle: string }) {
  const clues = puzzleTextProblem(puzzle) === null ? withoutSpaces(puzzle).replace(/[.0]/g, '').length : null;
  return (
    <Stack gap="lg">
      <Title order={1}>Sudoku</Title>
      <LoginRequiredCard
        icon={<IconShare size={26} />}
        title="A Sudoku puzzle shared with you"
        reason={`Someone sent you this puzzle${clues === null ? '' : ` (${clues} clues)`}. Log in or sign up to play it: it opens as your own game, with your time, notes and hints saved to your account.`}
      />
    </Stack>
  );
}
