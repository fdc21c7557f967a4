import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SUDOKU_GRADES } from '@site/contract';
import { IconTrophy } from '@tabler/icons-react';
import { useSudokuStats } from '../api/use-sudoku';
import { capitalize, formatMmSs } from '../logic/format';

/** The player's best (lowest) winning time per difficulty, as mm:ss, and games won and lost. */
export function BestTimesCard() {
  const stats = useSudokuStats();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-best-heading">
      <Group gap="xs" mb="md">
        <IconTrophy size={22} aria-hidden color="var(--mantine-color-yellow-7)" />
        <Title order={2} size="h3" id="sudoku-best-heading">
          Best times
        </Title>
      </Group>
      {stats.isPending ? (
        <Skeleton height={56} radius="md" aria-label="Loading best times" />
      ) : stats.isError ? (
        <Alert color="red" title="Could not load your best times">
          <Text size="sm">{stats.error.message}</Text>
        </Alert>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" component="dl" m={0}>
            {SUDOKU_GRADES.map((difficulty) => {
              const best = stats.data.best[difficulty];
              return (
                <div key={difficulty}>
                  <Text component="dt" size="sm" c="dimmed">
                    {capitalize(difficulty)}
                  </Text>
                  <Text
                    component="dd"
                    m={0}
                    fz="xl"
                    fw={700}
                    ff="monospace"
                    aria-label={best === null ? 'No win yet' : undefined}
                  >
                    {best === null ? '—' : formatMmSs(best)}
                  </Text>
                </div>
              );
            })}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Won {stats.data.won} · Lost {stats.data.lost}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
