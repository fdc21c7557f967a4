import type { Board } from '@site/contract/sudoku';
import { type RefObject, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  canRedo,
  canUndo,
  createGameState,
  digitCounts,
  findConflicts,
  type GameAction,
  type GameState,
  gameReducer,
  isDirty,
  type Marks,
} from '../logic/game-state';
import { actionForKey, isHintKey, isStrayCharacter } from '../logic/keyboard';

interface BoardInit {
  /** The clues (0 elsewhere). */
  puzzle: Board;
  current: Board;
  /** Set when the game is already over: the board shows these values, read-only. */
  finishedWith?: Board | undefined;
  /** Pencil marks and colours kept from an earlier visit. */
  marks?: Marks | null;
}

function init({ puzzle, current, finishedWith, marks }: BoardInit): GameState {
  const state = createGameState(puzzle, current, marks ?? undefined);
  return finishedWith
    ? gameReducer(state, { type: 'finish', values: createGameState(puzzle, finishedWith).values })
    : state;
}

/** The board state (pure reducer) plus what the UI derives from it. */
export function useGameBoard(initial: BoardInit) {
  const [state, dispatch] = useReducer(gameReducer, initial, init);
  const conflicts = useMemo(() => findConflicts(state.values), [state.values]);
  const counts = useMemo(() => digitCounts(state.values), [state.values]);
  return {
    state,
    dispatch,
    conflicts,
    counts,
    canUndo: canUndo(state),
    canRedo: canRedo(state),
    dirty: isDirty(state),
  };
}

/** Marks a board cell's input, so key handling knows a key was typed into the board. */
export const CELL_ATTRIBUTE = 'data-sudoku-cell';

function isOtherEditable(target: HTMLElement): boolean {
  if (target.closest(`[${CELL_ATTRIBUTE}]`)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

interface KeyboardOptions {
  dispatch: (action: GameAction) => void;
  /** Keys are handled only while the game can be played. */
  enabled: boolean;
  /** The game screen: keys pressed elsewhere on the page (the nav bar, a dialog) are left alone. */
  scope: RefObject<HTMLElement | null>;
  /** A character other than 1–9 was typed into cell `index`. */
  onStray: (index: number) => void;
  /** H was pressed: the hint's next level. */
  onHint?: () => void;
}

/**
 * Full keyboard play (see `actionForKey` for the map). One listener on the document, so the
 * keys work whether focus is on a cell, a game button or nowhere in particular.
 */
export function useBoardKeyboard({ dispatch, enabled, scope, onStray, onHint }: KeyboardOptions) {
  const latest = useRef({ dispatch, onStray, onHint });
  useEffect(() => {
    latest.current = { dispatch, onStray, onHint };
  }, [dispatch, onStray, onHint]);

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const onPage = !target || target === document.body || Boolean(scope.current?.contains(target));
      if (!onPage || (target && (isOtherEditable(target) || target.closest('[role="dialog"]')))) return;
      if (latest.current.onHint && isHintKey(event) && !event.repeat) {
        event.preventDefault();
        latest.current.onHint();
        return;
      }
      const action = actionForKey(event);
      if (action) {
        event.preventDefault();
        latest.current.dispatch(action);
        return;
      }
      const cell = target?.closest(`[${CELL_ATTRIBUTE}]`)?.getAttribute(CELL_ATTRIBUTE);
      if (cell != null && isStrayCharacter(event)) {
        event.preventDefault();
        latest.current.onStray(Number(cell));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, scope]);
}
