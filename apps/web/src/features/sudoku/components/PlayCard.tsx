import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SUDOKU_DIFFICULTIES, type SudokuDifficulty } from '@site/contract';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { usePlaySudoku } from '../api/use-sudoku';
import { capitalize } from '../logic/format';

const DIFFICULTY_OPTIONS = SUDOKU_DIFFICULTIES.map((value) => ({ value, label: capitalize(value) }));
const isDifficulty = (value: string): value is SudokuDifficulty =>
  (SUDOKU_DIFFICULTIES as readonly string[]).includes(value);

export const gameUrl = (id: number) => `/apps/sudoku/game?id=${id}`;

/** docs/product.md#menu-appssudoku card: difficulty picker (easy by default) and Start Game. */
export function PlayCard() {
  const navigate = useNavigate();
  const play = usePlaySudoku();
  const [difficulty, setDifficulty] = useState<SudokuDifficulty>('easy');

  const start = () =>
    play.mutate(difficulty, {
      onSuccess: (game) => navigate(gameUrl(game.id)),
      onError: (error) => {
        console.error('Failed to start game', error);
        notifications.show({ color: 'red', title: 'Could not start a game', message: error.message });
      },
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-play-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="sudoku-play-heading">
            Play
          </Title>
          <Text size="sm" c="dimmed">
            A new puzzle with exactly one solution.
          </Text>
        </div>
        <div>
          <Text component="div" size="sm" fw={500} mb={4} id="sudoku-difficulty-label">
            Difficulty
          </Text>
          <SegmentedChoice
            fullWidth
            aria-labelledby="sudoku-difficulty-label"
            data={DIFFICULTY_OPTIONS}
            value={difficulty}
            onChange={(value) => isDifficulty(value) && setDifficulty(value)}
          />
        </div>
        <Button leftSection={<IconPlayerPlay size={18} />} onClick={start} loading={play.isPending}>
          Start Game
        </Button>
      </Stack>
    </Card>
  );
}
