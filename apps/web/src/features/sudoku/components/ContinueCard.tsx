import { Button, Card, Flex, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { useDeleteSudokuGame, useSavedGames } from '../api/use-sudoku';
import { savedGameOptions } from '../logic/format';
import { gameUrl } from './PlayCard';

/** docs/product.md#menu-appssudoku card: saved-game picker, Continue Game and Delete Game. */
export function ContinueCard() {
  const navigate = useNavigate();
  const saved = useSavedGames();
  const deleteGame = useDeleteSudokuGame();
  const [picked, setPicked] = useState<string | null>(null);
  const options = useMemo(() => savedGameOptions(saved.data ?? []), [saved.data]);
  // A game that left the list (won, lost or deleted elsewhere) is no longer picked.
  const current = options.find((option) => option.value === picked) ?? null;

  /** The saved game the delete dialog asks about; kept apart so a list refresh cannot change it. */
  const [toDelete, setToDelete] = useState<{ value: string; label: string } | null>(null);

  const deleteConfirmed = () => {
    if (!toDelete) return;
    const { value, label } = toDelete;
    deleteGame.mutate(Number(value), {
      onSuccess: () => {
        setToDelete(null);
        setPicked(null);
        notifications.show({ color: 'green', title: 'Game deleted', message: `${label} was deleted.` });
      },
      onError: (error) => {
        console.error('Failed to delete game', error);
        notifications.show({ color: 'red', title: 'Could not delete the game', message: error.message });
      },
    });
  };

  let body: ReactNode;
  if (saved.isPending) {
    body = <Skeleton height={36} radius="md" aria-label="Loading saved games" />;
  } else if (saved.isError) {
    body = <LoadError title="Could not load your saved games" error={saved.error} onRetry={() => saved.refetch()} />;
  } else if (options.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No saved games. Start a new game and it will be listed here until you finish it.
      </Text>
    );
  } else {
    body = (
      <Select
        label="Saved game"
        placeholder="Pick a saved game"
        data={options}
        value={current?.value ?? null}
        onChange={setPicked}
        allowDeselect={false}
        checkIconPosition="right"
      />
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sudoku-continue-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="sudoku-continue-heading">
            Continue
          </Title>
          <Text size="sm" c="dimmed">
            Pick up an unfinished game where you left it.
          </Text>
        </div>
        {body}
        <Flex gap="sm" wrap="wrap">
          <Button
            style={{ flex: '1 1 auto' }}
            leftSection={<IconPlayerPlay size={18} />}
            disabled={!current}
            onClick={() => current && navigate(gameUrl(Number(current.value)))}
          >
            Continue Game
          </Button>
          <Button
            style={{ flex: '1 1 auto' }}
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} />}
            disabled={!current}
            loading={deleteGame.isPending}
            onClick={() => current && setToDelete(current)}
          >
            Delete Game
          </Button>
        </Flex>
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete saved game"
        loading={deleteGame.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={deleteConfirmed}
      >
        Are you sure you want to delete the game <strong>{toDelete?.label}</strong>? This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
