import { SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconPuzzle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { RequireSignIn } from '../auth';
import { BestTimesCard } from './components/BestTimesCard';
import { ContinueCard } from './components/ContinueCard';
import { DailyCard } from './components/DailyCard';
import { LevelStatsCard } from './components/LevelStatsCard';
import { OwnPuzzleCard } from './components/OwnPuzzleCard';
import { PlayCard } from './components/PlayCard';

type MenuTab = 'puzzles' | 'statistics';

/**
 * docs/product.md#menu-appssudoku: two tabs, so the menu does not become a wall of cards. Puzzles:
 * Play and Continue first (as the seed has them), then the daily puzzle and your own puzzle.
 * Statistics: per level, and the best times. The tab is in the address (?tab=statistics).
 */
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
        <MenuTabs />
      </Stack>
    </RequireSignIn>
  );
}

function MenuTabs() {
  const [params, setParams] = useSearchParams();
  const tab: MenuTab = params.get('tab') === 'statistics' ? 'statistics' : 'puzzles';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value === 'statistics' ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="puzzles" leftSection={<IconPuzzle size={16} aria-hidden />}>
          Puzzles
        </Tabs.Tab>
        <Tabs.Tab value="statistics" leftSection={<IconChartBar size={16} aria-hidden />}>
          Statistics
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="puzzles">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PlayCard />
          <ContinueCard />
          <DailyCard />
          <OwnPuzzleCard />
        </SimpleGrid>
      </Tabs.Panel>
      <Tabs.Panel value="statistics">
        {/* Cards keep their own height: the short best times card is not stretched to the chart's. */}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <LevelStatsCard />
          <BestTimesCard />
        </SimpleGrid>
      </Tabs.Panel>
    </Tabs>
  );
}
