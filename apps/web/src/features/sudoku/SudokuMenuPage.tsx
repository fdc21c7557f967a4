import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/PageLoader';
import { useMe } from '../auth/api/use-me';
import { LoginRequiredCard } from '../auth/LoginRequiredCard';
import { BestTimesCard } from './components/BestTimesCard';
import { ContinueCard } from './components/ContinueCard';
import { PlayCard } from './components/PlayCard';

/** Seed §2 Sudoku menu: a Play card, a Continue card, and the player's best times. */
export function SudokuMenuPage() {
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
