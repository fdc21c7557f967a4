import { Alert, Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { SudokuGrade } from '@site/contract';
import { IconArrowLeft, IconConfetti } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSudokuStats } from '../api/use-sudoku';
import { formatMmSs } from '../logic/format';
import { SolvingPathButton } from './SolvingPath';

interface FinishCardProps {
  gameId: number;
  difficulty: SudokuGrade;
  seconds: number;
  hintsUsed: number;
  checksUsed: number;
  onBack: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} ff="monospace">
        {children}
      </Text>
    </div>
  );
}

/**
 * The won game's card (time, hints, checks and the level's best time from
 * GET /api/sudoku/stats), under the seed's title and sentence, which stay as they were.
 */
export function FinishCard({ gameId, difficulty, seconds, hintsUsed, checksUsed, onBack }: FinishCardProps) {
  const stats = useSudokuStats();
  const best = stats.data?.best[difficulty];
  return (
    <Alert color="green" icon={<IconConfetti />} title="Congratulations! Correct solution.">
      <Text size="sm">
        You solved this {difficulty} puzzle in {seconds}s ({formatMmSs(seconds)}).
      </Text>
      <SimpleGrid
        cols={2}
        spacing="xs"
        verticalSpacing="xs"
        mt="sm"
        mb={0}
        mx={0}
        component="dl"
        aria-label="Your game"
      >
        <Fact label="Time">{formatMmSs(seconds)}</Fact>
        <Fact label="Hints used">{hintsUsed}</Fact>
        <Fact label="Checks used">{checksUsed}</Fact>
        <Fact label={`Best ${difficulty} time`}>
          {stats.isPending ? (
            <Skeleton height={18} width={48} aria-label="Loading the best time" />
          ) : stats.isError || best == null ? (
            '—'
          ) : (
            formatMmSs(best)
          )}
        </Fact>
      </SimpleGrid>
      <Group mt="sm" gap="xs">
        <Button leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          Back
        </Button>
        <SolvingPathButton gameId={gameId} variant="light" />
      </Group>
    </Alert>
  );
}
