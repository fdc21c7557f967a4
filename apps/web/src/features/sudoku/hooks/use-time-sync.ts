import { useCallback, useEffect, useRef } from 'react';
import { isOffline } from '../../../lib/offline-copy';
import { sendTimeOnLeave, sudokuApi } from '../api/sudoku-api';

/** The server hears the elapsed time at least this often while the game runs. */
export const TIME_SYNC_MS = 5000;

interface TimeSyncOptions {
  gameId: number;
  /** The exact elapsed seconds right now (the clock's `read`). */
  read: () => number;
  /** The time the server already has. */
  initialTime: number;
  /** The clock is ticking. */
  running: boolean;
  /** The game is still being played (the server refuses time updates for finished games). */
  active: boolean;
}

/**
 * Keeps the server's elapsed time current (docs/product.md: "Elapsed time is sent to the server when it
 * changes"): every 5 s while running, when the game is paused, and with a keepalive request when
 * the page goes away (tab hidden, page hidden or unloaded, or this screen unmounted). Only a time
 * the server has not seen yet is sent. Offline nothing is sent (docs/product.md#offline): the
 * time goes out when the browser is back online.
 */
export function useTimeSync({ gameId, read, initialTime, running, active }: TimeSyncOptions) {
  const lastSent = useRef(initialTime);
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  // Updates go one at a time, so an earlier one can never land after a later one (or after give up).
  const queue = useRef<Promise<void>>(Promise.resolve());

  /** Sends the current time if it is new; resolves when the server has answered (never rejects). */
  const flush = useCallback(() => {
    const send = async () => {
      // The game may have ended while this update waited its turn: the server would refuse it.
      if (!activeRef.current || isOffline()) return;
      const time = read();
      const before = lastSent.current;
      if (time <= before) return;
      lastSent.current = time;
      try {
        const answer = await sudokuApi.updateTime(gameId, time);
        lastSent.current = Math.max(lastSent.current, answer.time);
      } catch (error) {
        // docs/product.md#messages: 'Failed to save time' is logged only; the next sync tries again.
        if (lastSent.current === time) lastSent.current = before;
        console.error('Failed to save time', error);
      }
    };
    queue.current = queue.current.then(send);
    return queue.current;
  }, [gameId, read]);

  /**
   * Makes a request that may end the game (give up, a check), after the time is brought up to
   * date and with no update between: an update sent beside it, by the 5-s timer or a pause, could
   * reach the server after the game ended and be refused ("This game is already finished"). Once
   * `ends(answer)`, no later update is sent.
   */
  const settle = useCallback(
    <T>(request: () => Promise<T>, ends: (answer: T) => boolean = () => true): Promise<T> => {
      const answer = flush().then(request);
      queue.current = answer.then(
        (value) => {
          if (ends(value)) activeRef.current = false;
        },
        () => undefined,
      );
      return answer;
    },
    [flush],
  );

  /** Records a time the server got some other way (Save Game sends it). */
  const markSent = useCallback((time: number) => {
    lastSent.current = Math.max(lastSent.current, time);
  }, []);

  const flushOnLeave = useCallback(() => {
    if (!activeRef.current || isOffline()) return;
    const time = read();
    if (time <= lastSent.current) return;
    lastSent.current = time;
    sendTimeOnLeave(gameId, time);
  }, [gameId, read]);

  useEffect(() => {
    if (!running) {
      // Just paused (or never started): the clock has stopped, tell the server where it stopped.
      if (activeRef.current) void flush();
      return;
    }
    const timer = setInterval(() => void flush(), TIME_SYNC_MS);
    return () => clearInterval(timer);
  }, [running, flush]);

  useEffect(() => {
    const onOnline = () => {
      if (activeRef.current) void flush();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushOnLeave();
    };
    window.addEventListener('pagehide', flushOnLeave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushOnLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving this screen (Back, a nav link): the request must survive the navigation.
      flushOnLeave();
    };
  }, [flushOnLeave]);

  return { flush, settle, markSent };
}
