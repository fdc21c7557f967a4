import {
  ActionIcon,
  Badge,
  Button,
  type ButtonProps,
  em,
  Group,
  Kbd,
  List,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CELLS } from '@site/contract/sudoku';
import { IconPlayerSkipBack, IconPlayerSkipForward, IconRoute } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { Modal } from '../../../components/Modal';
import { PageLoader } from '../../../components/PageLoader';
import { useSolvingPath } from '../hooks/use-solving-path';
import { shownCandidates } from '../logic/solving-path';
import classes from './SolvingPath.module.css';
import { SudokuBoard } from './SudokuBoard';

const NO_CONFLICTS: readonly boolean[] = new Array<boolean>(CELLS).fill(false);
const NONE: ReadonlySet<number> = new Set();
const ignore = () => {};

/** Keys of the stepper: ← → a step, Home/End the first and last (docs/product.md#game-appssudokugame). */
const KEY_MOVES: Record<string, (index: number, total: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  Home: () => 0,
  End: (_, total) => total - 1,
};

function Stepper({ path }: { path: ReturnType<typeof useSolvingPath> }) {
  const { step, position, index, total, go, area, cells, clues } = path;
  const [allCandidates, setAllCandidates] = useState(false);
  const notes = useMemo(
    () => (position ? shownCandidates(position.candidates, allCandidates ? null : cells) : []),
    [position, allCandidates, cells],
  );
  // The keys work wherever focus is while the stepper is open (even on a button that just became disabled).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const move = KEY_MOVES[event.key];
      if (!move || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      go(move(index, total));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [go, index, total]);
  // Focus starts on Next, so the first key or press steps on (the path arrives after the dialog opened).
  const nextRef = useRef<HTMLButtonElement>(null);
  useEffect(() => nextRef.current?.focus(), []);
  if (!step || !position) return <Text>This game has no steps to show.</Text>;

  const first = index === 0;
  const last = index === total - 1;

  return (
    <div className={classes.layout}>
      <div className={classes.board}>
        <SudokuBoard
          values={position.values}
          clues={clues}
          notes={notes}
          selected={null}
          conflicts={NO_CONFLICTS}
          unitErrors={NONE}
          flagged={NONE}
          readOnly
          hintArea={area}
          hintCells={cells}
          onSelect={ignore}
          onInput={ignore}
        />
      </div>
      <Stack gap="sm" className={classes.step}>
        <div aria-live="polite" aria-atomic>
          <Group justify="space-between" gap="xs" mb={6}>
            <Badge variant="light" color="gray" data-testid="path-counter">
              Step {index + 1} of {total}
            </Badge>
          </Group>
          <Title order={3} size="h4" mb={6} data-testid="path-technique">
            {step.kind === 'step' ? step.name : 'One cell told'}
          </Title>
          <Text size="sm" data-testid="path-sentence">
            {step.text}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="First step"
            aria-keyshortcuts="Home"
            disabled={first}
            onClick={() => go(0)}
          >
            <IconPlayerSkipBack size={18} aria-hidden />
          </ActionIcon>
          <Button
            variant="default"
            flex={1}
            px="xs"
            aria-keyshortcuts="ArrowLeft"
            disabled={first}
            onClick={() => go(index - 1)}
          >
            Previous
          </Button>
          <Button
            flex={1}
            px="xs"
            aria-keyshortcuts="ArrowRight"
            disabled={last}
            onClick={() => go(index + 1)}
            ref={nextRef}
          >
            Next
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Last step"
            aria-keyshortcuts="End"
            disabled={last}
            onClick={() => go(total - 1)}
          >
            <IconPlayerSkipForward size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {step.kind === 'step' && step.candidates.length > 0 && (
          <List size="sm" spacing={2} aria-label="Candidates involved">
            {step.candidates.map(({ cell, digits }) => (
              <List.Item key={cell}>
                {cell}: {digits.join(', ')}
              </List.Item>
            ))}
          </List>
        )}
        <Switch
          label="Show all candidates"
          checked={allCandidates}
          onChange={(event) => setAllCandidates(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          <Kbd size="xs">←</Kbd> <Kbd size="xs">→</Kbd> previous and next step, <Kbd size="xs">Home</Kbd>{' '}
          <Kbd size="xs">End</Kbd> first and last.
        </Text>
      </Stack>
    </div>
  );
}

/**
 * A finished game's **Show the solving path** (docs/product.md#game-appssudokugame): the button, and the
 * stepper it opens over the page, full screen on phones. The path is asked for when first opened.
 */
export function SolvingPathButton({ gameId, ...button }: { gameId: number } & ButtonProps) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  const path = useSolvingPath(gameId, opened);
  const { query } = path;
  return (
    <>
      <Button leftSection={<IconRoute size={16} aria-hidden />} onClick={() => setOpened(true)} {...button}>
        Show the solving path
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Solving path"
        fullScreen={phone}
        size="min(56rem, 100%)"
      >
        {query.isPending ? (
          <PageLoader label="Working out the solving path…" />
        ) : query.isError ? (
          <LoadError title="Could not load the solving path" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Stepper path={path} />
        )}
      </Modal>
    </>
  );
}
