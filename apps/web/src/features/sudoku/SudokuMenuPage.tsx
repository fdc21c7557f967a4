import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { RequireSignIn } from '../auth';
import { BestTimesCard } from './components/BestTimesCard';
import { ContinueCard } from './components/ContinueCard';
import { PlayCard } from './components/PlayCard';

/** docs/product.md#sudoku menu: a Play card, a Continue card, and the player's best times. */
export function SudokuMenuPage() {
  const header = (
    <div>
      <Title order={1}>Sudoku</Title>
      <Text c="dimmed">Easy, medium and hard puzzles. Save a game and continue it later.</Text>
    </div>
  );
  return (
    <RequireSignIn title={header} reason="Your games and best times are saved to your account.">
      <Stack gap="lg">
        {header}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PlayCard />
          <ContinueCard />
        </SimpleGrid>
        <BestTimesCard />
      </Stack>
    </RequireSignIn>
  );
}
