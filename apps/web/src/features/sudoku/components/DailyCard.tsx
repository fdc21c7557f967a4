import { Button, Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SUDOKU_DIFFICULTIES, type SudokuDailyLevelStats, type SudokuDifficulty } from '@site/contract';
import { IconCalendarEvent, IconCheck, IconFlag, IconFlame, IconPlayerPlay } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { useDailyStats, useStartDaily } from '../api/use-sudoku';
import { formatDailyDay } from '../logic/daily';
import { capitalize, formatMmSs } from '../logic/format';
import { CopyTextButton } from './CopyTextButton';
import { gameUrl } from './PlayCard';

/** Where today's daily stands at one level, with an icon that says it without colour too. */
function TodayStatus({ today }: { today: SudokuDailyLevelStats['today'] }) {
  let icon: ReactNode = null;
  let text: string;
  if (today === null) {
    text = 'Not started';
  } else if (today.status === 'playing') {
    text = `In progress · ${formatMmSs(today.time)}`;
  } else if (today.status === 'won') {
    icon = (
      <ThemeIcon size={18} radius="xl" color="teal" aria-hidden>
        <IconCheck size={12} stroke={3} />
      </ThemeIcon>
    );
    text = `Solved in ${formatMmSs(today.time)}`;
  } else {
    icon = (
      <ThemeIcon size={18} radius="xl" color="gray" variant="light" aria-hidden>
        <IconFlag size={12} />
      </ThemeIcon>
    );
    text = 'Given up';
  }
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" fw={today?.status === 'won' ? 600 : undefined} c={today === null ? 'dimmed' : undefined}>
        {text}
      </Text>
    </Group>
  );
}

interface LevelRowProps {
  difficulty: SudokuDifficulty;
  stats: SudokuDailyLevelStats;
  starting: boolean;
  onPlay: () => void;
}

function LevelRow({ difficulty, stats, starting, onPlay }: LevelRowProps) {
  const headingId = `sudoku-daily-${difficulty}`;
  const { today } = stats;
  const action = today === null ? 'Play' : today.status === 'playing' ? 'Continue' : 'View';
  return (
    <Group role="group" aria-labelledby={headingId} justify="space-between" align="center" gap="sm">
      <Stack gap={2} miw={0}>
        <Text fw={700} id={headingId}>
          {capitalize(difficulty)}
        </Text>
        <TodayStatus today={today} />
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconFlame size={14} aria-hidden />
          <Text size="xs">
            Streak {stats.current_streak} · Longest {stats.longest_streak}
          </Text>
        </Group>
      </Stack>
      <Group gap="xs" align="flex-start">
        {today?.result && <CopyTextButton value={today.result} label="Copy result" fallbackLabel="Result" />}
        <Button
          size="xs"
          variant={action === 'View' ? 'default' : 'filled'}
          leftSection={action === 'View' ? undefined : <IconPlayerPlay size={14} aria-hidden />}
          loading={starting}
          onClick={onPlay}
        >
          {action}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * docs/product.md#menu-appssudoku: today's daily puzzle per level (the same for everyone each UTC
 * day): play or continue it, the day streaks, and a spoiler-free result line to copy once won.
 */
export function DailyCard() {
  const navigate = useNavigate();
  const daily = useDailyStats();
  const start = useStartDaily();

  const play = (difficulty: SudokuDifficulty) =>
    start.mutate(difficulty, {
      onSuccess: (game) => navigate(gameUrl(game.id)),
      onError: (error) => {
        console.error('Failed to start the daily puzzle', error);
        notifications.show({ color: 'red', title: 'Could not open the daily puzzle', message: error.message });
      },
    });

  let body: ReactNode;
  if (daily.isPending) {
    body = (
      <Stack gap="md" aria-label="Loading the daily puzzles" role="status">
        {SUDOKU_DIFFICULTIES.map((d) => (
          <Skeleton key={d} height={56} radius="md" />
        ))}
      </Stack>
    );
  } else if (daily.isError) {
    body = <LoadError title="Could not load the daily puzzles" error={daily.error} onRetry={() => daily.refetch()} />;
  } else {
    body = (
      <Stack gap="sm">
        {SUDOKU_DIFFICULTIES.map((difficulty, i) => (
          <Fragment key={difficulty}>
            {i > 0 && <Divider />}
            <LevelRow
              difficulty={difficulty}
              stats={daily.data.levels[difficulty]}
              starting={start.isPending && start.variables === difficulty}
              onPlay={() => play(difficulty)}
            />
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-daily-heading">
      <Stack gap="md">
        <div>
          <Group gap="xs">
            <IconCalendarEvent size={22} aria-hidden color="var(--mantine-color-blue-6)" />
            <Title order={2} size="h3" id="sudoku-daily-heading">
              Daily puzzle
            </Title>
          </Group>
          {daily.data ? (
            <Text size="sm" fw={500} mt={4}>
              {formatDailyDay(daily.data.date)}
            </Text>
          ) : (
            daily.isPending && <Skeleton height={14} width={200} mt={8} mb={4} />
          )}
          <Text size="sm" c="dimmed">
            The same puzzles for everyone, new every day at 00:00 UTC.
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
