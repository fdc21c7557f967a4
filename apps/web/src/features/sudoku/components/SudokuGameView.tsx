import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SudokuGame } from '@site/contract';
import { cellValues, cluesOf, toCellBoard, toGrid } from '@site/contract/sudoku';
import { IconAlertTriangle, IconArrowLeft, IconClock, IconFlag } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { sudokuApi } from '../api/sudoku-api';
import { useRefreshSudokuLists } from '../api/use-sudoku';
import { useAutosave } from '../hooks/use-autosave';
import { useBoardKeyboard, useGameBoard } from '../hooks/use-game-board';
import { useGameClock } from '../hooks/use-game-clock';
import { useHint } from '../hooks/use-hint';
import { useMistakeSetting, useShownMistakes } from '../hooks/use-mistake-setting';
import { useSavedMarks } from '../hooks/use-saved-marks';
import { useTimeSync } from '../hooks/use-time-sync';
import { useTimedFlags } from '../hooks/use-timed-flags';
import { cellsInUnits } from '../logic/game-state';
import { readMarks } from '../marks-storage';
import { FinishCard } from './FinishCard';
import { GameControls } from './GameControls';
import { GameSourceBar } from './GameSourceBar';
import { HintPanel } from './HintPanel';
import { InputPad } from './InputPad';
import { KeyboardHelp } from './KeyboardHelp';
import { MistakeSetting } from './MistakeSetting';
import { PausedBoard } from './PausedBoard';
import { SolvingPathButton } from './SolvingPath';
import { SudokuBoard } from './SudokuBoard';
import classes from './SudokuGame.module.css';

/** docs/product.md#constants: the board's error highlight clears after 1000 ms, a cell's error flag after 2000 ms. */
export const UNIT_HIGHLIGHT_MS = 1000;
export const CELL_FLAG_MS = 2000;

type Busy = 'checking' | 'saving' | 'givingUp' | null;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One game being played (or already over), from a loaded SudokuGame. */
export function SudokuGameView({ game }: { game: SudokuGame }) {
  const navigate = useNavigate();
  const refreshLists = useRefreshSudokuLists();
  const [status, setStatus] = useState(game.status);
  const [busy, setBusy] = useState<Busy>(null);
  /** The Give Up dialog is open; it stays open while the request runs and closes once it succeeded. */
  const [confirmingGiveUp, setConfirmingGiveUp] = useState(false);
  /** The board an incorrect Check was about; the message goes once the board changes. */
  const [incorrect, setIncorrect] = useState<{ values: number[]; empty: number } | null>(null);

  // Read once: the board's reducer takes its first state from it (docs/product.md#sudoku-solving-tools).
  const [savedMarks] = useState(() => (game.status === 'playing' ? readMarks(game.id) : null));
  const { state, dispatch, conflicts, counts, canUndo, canRedo, dirty } = useGameBoard({
    // The clue flags of the state mark the locked cells (docs/api.md#sudoku-boards).
    puzzle: cluesOf(game.transformed_state),
    current: cellValues(game.transformed_state),
    finishedWith:
      game.status === 'lost'
        ? cellValues(game.transformed_solution)
        : game.status === 'won'
          ? cellValues(game.transformed_state)
          : undefined,
    marks: savedMarks,
  });
  const playing = status === 'playing';
  useSavedMarks(game.id, state, playing);
  const mistakeSetting = useMistakeSetting();
  const shown = useShownMistakes(mistakeSetting.mistakes, state, conflicts, game.transformed_solution);
  const selectedValue = state.selected === null ? 0 : (state.values[state.selected] ?? 0);
  const running = playing && !state.paused && busy !== 'givingUp';
  const clock = useGameClock(game.time, running);
  // The autosave comes first: on leaving, its saveGame (which carries the time) goes out and marks
  // the time sent, so the time sync's own leave request finds nothing new (one request, not two).
  const markSentRef = useRef<(time: number) => void>(() => {});
  const autosave = useAutosave({
    gameId: game.id,
    values: state.values,
    clues: state.clues,
    dirty,
    read: clock.read,
    // Not while Check, Save Game or Give Up runs: each of them settles the board itself.
    enabled: running && busy === null,
    active: playing,
    onSaved: (values, time) => {
      markSentRef.current(time);
      dispatch({ type: 'markSaved', values: [...values] });
    },
  });
  const { settle, markSent } = useTimeSync({
    gameId: game.id,
    read: clock.read,
    initialTime: game.time,
    running,
    active: playing,
  });
  markSentRef.current = markSent;
  const unitErrors = useTimedFlags<number>(UNIT_HIGHLIGHT_MS);
  const cellFlags = useTimedFlags<number>(CELL_FLAG_MS);
  const { flag: flagCells } = cellFlags;

  const hint = useHint({
    gameId: game.id,
    values: state.values,
    clues: state.clues,
    notes: state.notes,
    initialUsed: game.hints_used ?? 0,
    dispatch,
  });
  const [checksUsed, setChecksUsed] = useState(game.checks_used ?? 0);
  const hintAdvance = hint.advance;
  const onHint = useCallback(() => void hintAdvance(), [hintAdvance]);

  const scope = useRef<HTMLDivElement>(null);
  const onStray = useCallback((index: number) => flagCells([index]), [flagCells]);
  useBoardKeyboard({
    dispatch,
    enabled: playing && !state.paused,
    scope,
    onStray,
    onHint: busy === null ? onHint : undefined,
  });

  const onSelect = useCallback(
    (index: number, add?: boolean) => dispatch(add ? { type: 'select', index, add } : { type: 'select', index }),
    [dispatch],
  );
  const onInput = useCallback(
    (index: number, raw: string) => {
      // docs/product.md: non-digits are stripped; the cell flashes so the player sees the key was refused.
      if (/[^1-9]/.test(raw)) flagCells([index]);
      dispatch({ type: 'input', index, raw });
    },
    [dispatch, flagCells],
  );

  const back = () => navigate('/apps/sudoku');

  /** `auto`: the board just became full without a clash; only a win shows, a wrong board stays quiet. */
  const check = async (auto = false) => {
    if (!playing || state.paused || busy) return;
    const values = state.values;
    setBusy('checking');
    try {
      // The server decides a win with the time it has: settle brings it up to date first.
      const result = await settle(
        () => sudokuApi.checkSolution(toCellBoard(values, state.clues), game.id, auto),
        (answer) => answer.isCorrect,
      );
      // Only presses of Check count, as on the server.
      if (!auto) setChecksUsed((n) => n + 1);
      if (result.isCorrect) {
        dispatch({ type: 'finish' });
        setStatus('won');
        void refreshLists();
      } else if (!auto) {
        setIncorrect({ values, empty: values.filter((v) => v === 0).length });
        unitErrors.flag(cellsInUnits(result.errors));
        // `conflicts` is the board's own (use-game-board.ts), of these same values.
        flagCells(values.flatMap((_, i) => (conflicts[i] ? [i] : [])));
      }
    } catch (error) {
      console.error('Error checking solution', error);
      notifications.show({ color: 'red', title: 'Could not check the board', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  // docs/product.md#game-appssudokugame: the game knows when it is won. The server decides
  // and records a win, so a full board without a rule clash is checked with it once, at once.
  const autoChecked = useRef<readonly number[] | null>(null);
  const full = state.values.every((v) => v !== 0) && !conflicts.some(Boolean);
  const checkRef = useRef(check);
  checkRef.current = check;
  useEffect(() => {
    if (!full || !playing || state.paused || busy !== null || autoChecked.current === state.values) return;
    autoChecked.current = state.values;
    void checkRef.current(true);
  }, [full, playing, state.paused, busy, state.values]);

  const save = async () => {
    if (!playing || busy) return;
    setBusy('saving');
    try {
      await autosave.save();
      void refreshLists();
      notifications.show({
        color: 'green',
        title: 'Game saved',
        message: 'Continue it any time from the Sudoku menu.',
      });
    } catch (error) {
      console.error('Failed to save game', error);
      notifications.show({ color: 'red', title: 'Could not save the game', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const giveUp = async () => {
    setBusy('givingUp');
    try {
      await settle(() => sudokuApi.giveUp(game.id));
      setConfirmingGiveUp(false);
      dispatch({ type: 'finish', values: toGrid(cellValues(game.transformed_solution)) });
      setStatus('lost');
      void refreshLists();
    } catch (error) {
      console.error('Failed to give up game', error);
      notifications.show({ color: 'red', title: 'Could not give up the game', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const showIncorrect = incorrect !== null && incorrect.values === state.values && playing;

  return (
    <Stack gap="lg" ref={scope} className={classes.game}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} tt="capitalize">
          {game.difficulty} Sudoku
        </Title>
        <Group gap={6} c={running ? undefined : 'dimmed'}>
          <IconClock size={20} aria-hidden />
          <Text role="timer" fz="lg" fw={600} ff="monospace">
            Time: {clock.seconds}s
          </Text>
        </Group>
      </Group>
      <GameSourceBar game={game} />

      <div className={classes.layout}>
        <div className={classes.boardArea}>
          {state.paused ? (
            <PausedBoard />
          ) : (
            <SudokuBoard
              values={state.values}
              clues={state.clues}
              notes={state.notes}
              corner={state.corner}
              centre={state.centre}
              colours={state.colours}
              selected={playing ? state.selected : null}
              marked={playing ? state.marked : undefined}
              highlightDigit={playing ? selectedValue || state.lastDigit : 0}
              conflicts={shown.conflicts}
              wrong={shown.wrong}
              unitErrors={unitErrors.flags}
              flagged={cellFlags.flags}
              hintArea={playing ? hint.area : undefined}
              hintCells={playing ? hint.cells : undefined}
              readOnly={!playing}
              onSelect={onSelect}
              onInput={onInput}
            />
          )}
        </div>
        <div className={classes.panel}>
          {playing && (
            <HintPanel
              shown={hint.shown}
              used={hint.used}
              loading={hint.loading}
              error={hint.error}
              disabled={state.paused || busy !== null}
              onAdvance={onHint}
              onDismiss={hint.dismiss}
            />
          )}
          <GameControls
            paused={state.paused}
            over={!playing}
            checking={busy === 'checking'}
            saving={busy === 'saving'}
            givingUp={busy === 'givingUp'}
            saveStatus={autosave.status}
            onCheck={() => void check()}
            onTogglePause={() => dispatch({ type: 'setPaused', paused: !state.paused })}
            onSave={() => void save()}
            onGiveUp={() => setConfirmingGiveUp(true)}
          />
          {/* docs/product.md#game-appssudokugame: results sit in the panel beside the board (below it
              on phones), so showing one never moves the board. The pad is gone once the game is over. */}
          {status === 'won' && (
            <FinishCard
              gameId={game.id}
              difficulty={game.difficulty}
              seconds={clock.seconds}
              hintsUsed={hint.used}
              checksUsed={checksUsed}
              onBack={back}
            />
          )}
          {status === 'lost' && (
            <Alert color="red" icon={<IconFlag />} title="Game Over - Lost">
              <Text size="sm">The full solution is shown on the board.</Text>
              <Group mt="sm" gap="xs">
                <Button color="red" variant="white" leftSection={<IconArrowLeft size={16} />} onClick={back}>
                  Back
                </Button>
                <SolvingPathButton gameId={game.id} color="red" variant="outline" />
              </Group>
            </Alert>
          )}
          {/* Last in the panel beside the board; on phones first, right under the board (SudokuGame.module.css). */}
          {playing && (
            <Card withBorder radius="md" padding="md" component="section" aria-label="Input" className={classes.pad}>
              <Stack gap="sm">
                <InputPad
                  counts={counts}
                  notesMode={state.notesMode}
                  noteKind={state.noteKind}
                  colourMode={state.colourMode}
                  selectedColour={state.selected === null ? 0 : (state.colours[state.selected] ?? 0)}
                  disabled={state.paused}
                  canUndo={canUndo}
                  canRedo={canRedo}
                  onDigit={(digit) => dispatch({ type: 'digit', digit })}
                  onColour={(colour) => dispatch({ type: 'colour', colour })}
                  onErase={() => dispatch({ type: 'erase' })}
                  onToggleNotes={() => dispatch({ type: 'toggleNotesMode' })}
                  onNoteKind={(kind) => dispatch({ type: 'setNoteKind', kind })}
                  onToggleColour={() => dispatch({ type: 'toggleColourMode' })}
                  onFillCandidates={() => dispatch({ type: 'fillCandidates' })}
                  onUndo={() => dispatch({ type: 'undo' })}
                  onRedo={() => dispatch({ type: 'redo' })}
                />
                <MistakeSetting value={mistakeSetting.mistakes} onChange={mistakeSetting.change} />
                <KeyboardHelp />
              </Stack>
            </Card>
          )}
          {/* Last in the panel: showing or dismissing it moves neither the board nor the pad. */}
          {showIncorrect && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle />}
              title="Incorrect solution."
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setIncorrect(null)}
            >
              <Text size="sm">
                {incorrect.empty > 0
                  ? `${incorrect.empty} ${incorrect.empty === 1 ? 'cell is' : 'cells are'} still empty. `
                  : ''}
                The rows, columns and boxes with a problem flash red.
              </Text>
            </Alert>
          )}
        </div>
      </div>
      <ConfirmDialog
        opened={confirmingGiveUp}
        title="Give up this game?"
        confirmLabel="Give Up"
        cancelLabel="Keep Playing"
        loading={busy === 'givingUp'}
        onCancel={() => setConfirmingGiveUp(false)}
        onConfirm={() => void giveUp()}
      >
        The solution will be shown and the game will count as lost. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
