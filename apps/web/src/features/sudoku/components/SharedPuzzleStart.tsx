import { Alert, Button, Group, Space, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { isApiError } from '../../../lib/api-client';
import { useStartCustom } from '../api/use-sudoku';
import { gameUrl } from './PlayCard';

/**
 * docs/product.md#game-appssudokugame: a share link `/apps/sudoku/game?p=<81 characters>` starts
 * the player's own game of that puzzle and then stands for it as `?id=<new id>`, replacing the
 * link in the history so Back leaves the game instead of starting another.
 */
export function SharedPuzzleStart({ puzzle }: { puzzle: string }) {
  const navigate = useNavigate();
  const start = useStartCustom();
  const { mutate } = start;
  // One game per link opened: React may run the effect twice in development.
  const startedFor = useRef<string | null>(null);

  const open = useCallback(
    () =>
      mutate(puzzle, {
        onSuccess: (game) => navigate(gameUrl(game.id), { replace: true }),
        onError: (error) => {
          if (!isApiError(error, 400)) console.error('Failed to open a shared puzzle', error);
        },
      }),
    [puzzle, mutate, navigate],
  );

  useEffect(() => {
    if (startedFor.current === puzzle) return;
    startedFor.current = puzzle;
    open();
  }, [puzzle, open]);

  if (!start.isError) return <PageLoader label="Opening the shared puzzle…" />;
  const refused = isApiError(start.error, 400);
  return (
    <Stack gap="lg">
      <Title order={1}>Sudoku</Title>
      <Alert
        color="red"
        icon={<IconAlertCircle />}
        title={refused ? 'This shared puzzle cannot be played' : 'Could not open the shared puzzle'}
      >
        <Text size="sm">{start.error.message}</Text>
        {refused && (
          <Text size="sm" c="dimmed" mt={4}>
            Ask whoever sent the link to check the puzzle, or type one of your own under Your own puzzle on the Sudoku
            menu.
          </Text>
        )}
        <Space h="sm" />
        <Group gap="sm">
          {!refused && (
            <Button color="red" variant="white" onClick={open}>
              Try again
            </Button>
          )}
          <Button component={Link} to="/apps/sudoku" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Back to the Sudoku menu
          </Button>
        </Group>
      </Alert>
    </Stack>
  );
}
