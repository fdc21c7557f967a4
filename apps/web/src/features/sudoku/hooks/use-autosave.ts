import { toCellBoard } from '@site/contract/sudoku';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../../hooks/use-online';
import { isNetworkFailure, isOffline } from '../../../lib/offline-copy';
import { hasUnsavedBoard, keepUnsavedBoard, markBoardSaved } from '../api/offline-game';
import { saveGameOnLeave, sudokuApi } from '../api/sudoku-api';

/** docs/product.md#game-appssudokugame: the board is saved this long after the last move. */
export const AUTOSAVE_MS = 1500;
/** After a failed save, the next try comes this much later (or sooner, with the next move). */
export const AUTOSAVE_RETRY_MS = 10_000;

/**
 * What the discreet save note says: the board is saved, being saved, could not be saved, or waits
 * for the connection to return (docs/product.md#offline).
 */
export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'offline';

interface AutosaveOptions {
  gameId: number;
  values: readonly number[];
  clues: readonly boolean[];
  /** The board differs from what the server has (the game state's `isDirty`). */
  dirty: boolean;
  /** The exact elapsed seconds now (the clock's `read`). */
  read: () => number;
  /** Saving on a timer is allowed: the game is being played and is not paused. */
  enabled: boolean;
  /** The game is still being played (the server refuses saves of finished games). */
  active: boolean;
  /** The server now has `values` and `time` (from this hook's save or a leave request). */
  onSaved: (values: readonly number[], time: number) => void;
}

const same = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);

/**
 * Saves the board by itself: 1.5 s after the last move while the game runs, and with a keepalive
 * request when the page goes away (tab hidden, page hidden or unloaded, this screen left) so no
 * move is lost without Save Game. Never while paused or once the game is over; a failed save is
 * reported through `status` and tried again. `save` is Save Game's own call, queued with these.
 *
 * Offline (docs/product.md#offline) nothing is sent: the latest board is kept with the game's
 * offline copy (it survives a reload) and saved once, when the browser is back online.
 */
export function useAutosave(options: AutosaveOptions) {
  const { gameId, values, clues, dirty, enabled } = options;
  const online = useOnline();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [status, setStatus] = useState<'idle' | 'saving' | 'failed'>('idle');
  /** The board last handed to the server, so a timer that outlived a leave save does not repeat it. */
  const lastSent = useRef<readonly number[]>(values);
  /** The board a save failed with: only that same board waits for the slower retry. */
  const failedWith = useRef<readonly number[] | null>(null);

  // Saves go one at a time, so an older board can never overwrite a newer one.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const save = useCallback(() => {
    const run = async () => {
      const { values: board, clues, read, onSaved } = latest.current;
      setStatus('saving');
      try {
        const time = read();
        const cells = toCellBoard(board, clues);
        const answer = await sudokuApi.saveGame({ gameid: gameId, current_state: cells, time });
        lastSent.current = board;
        markBoardSaved(gameId, cells, answer.time);
        onSaved(board, answer.time);
        failedWith.current = null;
        setStatus('idle');
        return answer;
      } catch (error) {
        failedWith.current = board;
        if (isOffline() && isNetworkFailure(error)) keepUnsavedBoard(gameId, toCellBoard(board, clues), read());
        setStatus('failed');
        throw error;
      }
    };
    const next = queue.current.then(run, run);
    queue.current = next.catch(() => undefined);
    return next;
  }, [gameId]);

  // Offline: each move is kept with the game's copy instead of being sent.
  useEffect(() => {
    const { read, active } = latest.current;
    if (!online && dirty && active) keepUnsavedBoard(gameId, toCellBoard(values, clues), read());
  }, [online, dirty, values, clues, gameId]);

  // Back online: one save of the latest board, if the server lacks it (moves made offline, or kept
  // by an offline reload).
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!cameBack || !latest.current.active) return;
    if (latest.current.dirty || hasUnsavedBoard(gameId)) {
      save().catch((error: unknown) => console.error('Failed to save game', error));
    }
  }, [online, gameId, save]);

  useEffect(() => {
    if (!online || !enabled || !dirty || status === 'saving') return;
    const timer = setTimeout(
      () => {
        if (same(latest.current.values, lastSent.current)) return;
        save().catch((error: unknown) => console.error('Failed to save game', error));
      },
      status === 'failed' && failedWith.current === values ? AUTOSAVE_RETRY_MS : AUTOSAVE_MS,
    );
    return () => clearTimeout(timer);
    // `values` restarts the wait on every move.
  }, [online, enabled, dirty, status, save, values]);

  useEffect(() => {
    const saveOnLeave = () => {
      const { values: board, clues, dirty: unsaved, read, active, onSaved } = latest.current;
      if (!active || !unsaved) return;
      const time = read();
      // Kept as unsaved: the next page may load the game before the request below lands (a reload
      // right after a move), and loadGame sends a kept board first. Dropped once the server has it.
      const cells = toCellBoard(board, clues);
      keepUnsavedBoard(gameId, cells, time);
      // Offline a keepalive request cannot go out either: the board waits with the game's copy.
      if (isOffline()) return;
      saveGameOnLeave({ gameid: gameId, current_state: cells, time }).then((saved) => {
        if (saved) markBoardSaved(gameId, cells, time);
      });
      lastSent.current = board;
      onSaved(board, time);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saveOnLeave();
    };
    window.addEventListener('pagehide', saveOnLeave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', saveOnLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      saveOnLeave(); // Leaving this screen (Back, a nav link).
    };
  }, [gameId]);

  const shown: SaveStatus = !online
    ? 'offline'
    : status === 'saving'
      ? 'saving'
      : status === 'failed'
        ? 'failed'
        : dirty
          ? 'pending'
          : 'saved';
  return { status: shown, save };
}
