import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SUDOKU_GRADES, type SudokuGrade, type SudokuLevelStats, type SudokuLevelStatsResponse } from '@site/contract';
import { IconChartBar } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { StatList } from '../../../components/StatList';
import { useLevelStats } from '../api/use-sudoku';
import { capitalize, formatMmSs } from '../logic/format';
import { LevelHistoryChart } from './LevelHistoryChart';

const LEVEL_OPTIONS = SUDOKU_GRADES.map((value) => ({ value, label: capitalize(value) }));
const isDifficulty = (value: string): value is SudokuGrade => (SUDOKU_GRADES as readonly string[]).includes(value);

/** The level of the most recently finished game, so the card opens where the player last played. */
function latestLevel(stats: SudokuLevelStatsResponse): SudokuGrade {
  let latest: { level: SudokuGrade; at: string } | null = null;
  for (const level of SUDOKU_GRADES) {
    const last = stats[level].history.at(-1);
    if (last && (latest === null || last.finished_at > latest.at)) latest = { level, at: last.finished_at };
  }
  return latest?.level ?? 'easy';
}

const time = (seconds: number | null) => (seconds === null ? '—' : formatMmSs(seconds));
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

function LevelStats({ level, stats }: { level: SudokuGrade; stats: SudokuLevelStats }) {
  if (stats.games === 0) {
    return (
      <Text size="sm" c="dimmed">
        No {level} games finished yet. Win or give up a game and it is counted here.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <StatList
        cols={{ base: 2, xs: 4, md: 3 }}
        stats={[
          { label: 'Games', value: stats.games },
          { label: 'Wins', value: stats.won },
          { label: 'Win rate', value: percent(stats.win_rate) },
          { label: 'Best time', value: time(stats.best_time) },
          { label: 'Average time', value: time(stats.average_time) },
          { label: 'Current streak', value: stats.current_streak },
          { label: 'Longest streak', value: stats.longest_streak },
        ]}
      />
      <LevelHistoryChart history={stats.history} />
    </Stack>
  );
}

/**
 * docs/product.md#menu-appssudoku: per level, the finished games (every source), wins, win rate,
 * best and average time, win streaks and a chart of the latest games (GET /api/sudoku/stats/levels).
 */
export function LevelStatsCard() {
  const stats = useLevelStats();
  const [picked, setPicked] = useState<SudokuGrade | null>(null);
  const level = picked ?? (stats.data ? latestLevel(stats.data) : 'easy');

  let body: ReactNode;
  if (stats.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label="Loading your statistics">
        <Skeleton height={48} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  } else if (stats.isError) {
    body = <LoadError title="Could not load your statistics" error={stats.error} onRetry={() => stats.refetch()} />;
  } else {
    body = <LevelStats level={level} stats={stats.data[level]} />;
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-level-stats-heading">
      <Stack gap="md">
        <Group gap="xs">
          <IconChartBar size={22} aria-hidden color="var(--mantine-color-teal-6)" />
          <Title order={2} size="h3" id="sudoku-level-stats-heading">
            Statistics per level
          </Title>
        </Group>
        <div>
          <Text component="div" size="sm" fw={500} mb={4} id="sudoku-stats-level-label">
            Level
          </Text>
          <SegmentedChoice
            fullWidth
            aria-labelledby="sudoku-stats-level-label"
            data={LEVEL_OPTIONS}
            value={level}
            onChange={(value) => isDifficulty(value) && setPicked(value)}
          />
        </div>
        {body}
      </Stack>
    </Card>
  );
}
