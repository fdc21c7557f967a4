import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { SaveStatus } from '../hooks/use-autosave';

interface GameControlsProps {
  paused: boolean;
  /** The game is over: only the page's Back button remains useful. */
  over: boolean;
  checking: boolean;
  saving: boolean;
  givingUp: boolean;
  /** The autosave's state, said in a small note under the buttons. */
  saveStatus: SaveStatus;
  onCheck: () => void;
  onTogglePause: () => void;
  onSave: () => void;
  onGiveUp: () => void;
}

/** docs/product.md#game-appssudokugame: Check, Pause/Resume, Save Game, Give Up. */
export function GameControls(props: GameControlsProps) {
  const { paused, over, checking, saving, givingUp, saveStatus, onCheck, onTogglePause, onSave, onGiveUp } = props;
  const busy = checking || givingUp;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sudoku-controls-heading">
      <Title order={2} size="h4" id="sudoku-controls-heading" mb="sm">
        Game Controls
      </Title>
      <SimpleGrid cols={2} spacing="xs">
        <Button px="xs" onClick={onCheck} loading={checking} disabled={over || paused || givingUp}>
          Check
        </Button>
        <Button px="xs" variant="default" onClick={onTogglePause} disabled={over || busy}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button px="xs" variant="light" onClick={onSave} loading={saving} disabled={over || busy}>
          Save Game
        </Button>
        <Button px="xs" color="red" variant="light" onClick={onGiveUp} loading={givingUp} disabled={over || checking}>
          Give Up
        </Button>
      </SimpleGrid>
      {!over && (
        <Text size="xs" c={saveStatus === 'failed' ? 'red' : 'dimmed'} mt="xs" role="status">
          {saveNote(saveStatus, paused)}
        </Text>
      )}
    </Card>
  );
}

function saveNote(status: SaveStatus, paused: boolean): string {
  switch (status) {
    case 'saved':
      return 'Saved';
    case 'pending':
      // Paused, the autosave waits for Resume (or for the page to be left).
      return paused ? 'Unsaved changes' : 'Saving…';
    case 'saving':
      return 'Saving…';
    case 'failed':
      return 'Not saved yet, trying again…';
    case 'offline':
      return "Offline — your moves are kept and will be saved when you're back online";
  }
}
