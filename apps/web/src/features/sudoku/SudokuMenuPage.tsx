import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { PageLoader } from '../../components/PageLoader';
import { useMe } from '../auth/api/use-me';
import { LoginRequiredCard } from '../auth/LoginRequiredCard';
import { BestTimesCard } from './components/BestTimesCard';
import { ContinueCard } from './components/ContinueCard';
import { PlayCard } from './components/PlayCard';

/**
 * The confirmation modals of the Sudoku pages (`modals.openConfirmModal`) are served by a
 * ModalsProvider of their own: the only pages that use one, so the first page does without it.
 */
export function SudokuMenuPage() {
  return (
    <ModalsProvider>
      <SudokuMenu />
    </ModalsProvider>
  );
}

/** Seed §2 Sudoku menu: a Play card, a Continue card, and the player's best times. */
function SudokuMenu() {
  const me = useMe();
  if (me.isPending) return <PageLoader label="Checking your session…" />;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Sudoku</Title>
        <Text c="dimmed">Easy, medium and hard puzzles. Save a game and continue it later.</Text>
      </div>
      {me.data ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <PlayCard />
            <ContinueCard />
          </SimpleGrid>
          <BestTimesCard />
        </>
      ) : (
        <LoginRequiredCard reason="Your games and best times are saved to your account." />
      )}
    </Stack>
  );
}
