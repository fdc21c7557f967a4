import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCheck, zodLoaded } from '../../../lib/contract-schemas';
import { setCookie } from '../../../test/cookies';
import { callsTo, mockFetch } from '../../../test/fetch-mock';
import { useGameClock } from './use-game-clock';
import { TIME_SYNC_MS, useTimeSync } from './use-time-sync';
import { useTimedFlags } from './use-timed-flags';

beforeAll(async () => {
  // An answer's first handling loads zod and the response schemas: module loading and a timer of its own.
  // Done here, on real timers, so the tests below wait only for their own fake clock and their events.
  await zodLoaded();
  await answerCheck('sudoku.updateTime');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useGameClock', () => {
  it('ticks every 1000 ms while running, stops on pause and resumes from where it stopped', () => {
    const { result, rerender } = renderHook(({ running }) => useGameClock(10, running), {
      initialProps: { running: true },
    });
    expect(result.current.seconds).toBe(10);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.seconds).toBe(10);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.seconds).toBe(11);
    act(() => vi.advanceTimersByTime(3500));
    expect(result.current.seconds).toBe(14);

    rerender({ running: false });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.seconds).toBe(14);
    expect(result.current.read()).toBe(14);

    // The half second before the pause still counts.
    rerender({ running: true });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.read()).toBe(15);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(16);
  });

  it('does not run when the game starts stopped', () => {
    const { result } = renderHook(() => useGameClock(30, false));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.seconds).toBe(30);
  });
});

describe('useTimeSync', () => {
  it('sends new times every 5 s, on pause and, with keepalive, when the page goes away', async () => {
    setCookie('csrftoken', 'csrf-1');
    // Each update the server gets wakes the test waiting for it: the test waits for events, never for time.
    let updates = 0;
    const waiting: { n: number; resolve: () => void }[] = [];
    const fetchMock = mockFetch({
      'PUT /api/sudoku/updateTime': (init) => {
        updates++;
        for (const w of waiting.filter((x) => x.n <= updates)) w.resolve();
        return { body: { success: true, time: JSON.parse(String(init?.body)).time } };
      },
    });
    const update = (n: number) =>
      new Promise<void>((resolve) => (updates >= n ? resolve() : waiting.push({ n, resolve })));
    let now = 0;
    const read = () => now;
    const { result, rerender, unmount } = renderHook(
      ({ running }) => useTimeSync({ gameId: 42, read, initialTime: 0, running, active: true }),
      { initialProps: { running: true } },
    );
    const sent = () => callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime');
    /** Every queued update has been answered. Only while the time is one already sent: it sends nothing itself. */
    const settled = () => act(() => result.current.flush());

    now = 5;
    await act(() => vi.advanceTimersByTimeAsync(TIME_SYNC_MS));
    await act(() => update(1));
    await settled();
    expect(sent().map((c) => c.body)).toEqual([{ sudoku_id: 42, time: 5 }]);
    expect(new Headers(sent()[0]?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');

    // Nothing new, nothing sent.
    await act(() => vi.advanceTimersByTimeAsync(TIME_SYNC_MS));
    await settled();
    expect(sent()).toHaveLength(1);

    now = 7;
    rerender({ running: false });
    await act(() => update(2));
    await settled();
    expect(sent().at(-1)?.body).toEqual({ sudoku_id: 42, time: 7 });

    now = 9;
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
    expect(sent().at(-1)?.body).toEqual({ sudoku_id: 42, time: 9 });
    expect(sent().at(-1)?.init?.keepalive).toBe(true);
    expect(new Headers(sent().at(-1)?.init?.headers).get('X-CSRFToken')).toBe('csrf-1');

    now = 10;
    window.dispatchEvent(new Event('pagehide'));
    expect(sent().at(-1)?.body).toEqual({ sudoku_id: 42, time: 10 });

    now = 12;
    unmount();
    expect(sent().at(-1)?.body).toEqual({ sudoku_id: 42, time: 12 });
    expect(sent().at(-1)?.init?.keepalive).toBe(true);
    expect(sent()).toHaveLength(5);
  });

  it('sends no update beside a request that ends the game, nor after it', async () => {
    setCookie('csrftoken', 'csrf-1');
    const fetchMock = mockFetch({
      'PUT /api/sudoku/updateTime': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
    });
    let now = 3;
    const { result, unmount } = renderHook(() =>
      useTimeSync({ gameId: 7, read: () => now, initialTime: 0, running: true, active: true }),
    );
    const sent = () => callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime').map((c) => c.body.time);
    // Give up, held open: the time is brought up to date before it is asked.
    let answer: (value: { isCorrect: boolean }) => void = () => {};
    const request = vi.fn(() => new Promise<{ isCorrect: boolean }>((resolve) => (answer = resolve)));
    let settled: Promise<{ isCorrect: boolean }> = Promise.resolve({ isCorrect: false });
    act(() => {
      settled = result.current.settle(request, (a) => a.isCorrect);
    });
    await act(() => vi.waitFor(() => expect(request).toHaveBeenCalled()));
    expect(sent()).toEqual([3]);
    // The timer fires while the request is out: its update waits, and is dropped once the game ended.
    now = 8;
    await act(() => vi.advanceTimersByTimeAsync(TIME_SYNC_MS));
    expect(sent()).toEqual([3]);
    answer({ isCorrect: true });
    await act(() => settled);
    await act(() => result.current.flush());
    now = 20;
    await act(() => vi.advanceTimersByTimeAsync(TIME_SYNC_MS));
    await act(() => result.current.flush());
    unmount();
    expect(sent()).toEqual([3]);
  });

  it('goes on sending after a request that did not end the game (a wrong board)', async () => {
    const fetchMock = mockFetch({
      'PUT /api/sudoku/updateTime': (init) => ({ body: { success: true, time: JSON.parse(String(init?.body)).time } }),
    });
    let now = 3;
    const { result, unmount } = renderHook(() =>
      useTimeSync({ gameId: 7, read: () => now, initialTime: 0, running: true, active: true }),
    );
    await act(() =>
      result.current.settle(
        async () => ({ isCorrect: false }),
        (a) => a.isCorrect,
      ),
    );
    now = 8;
    await act(() => result.current.flush());
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime').map((c) => c.body.time)).toEqual([3, 8]);
    now = 8; // leaving sends nothing new
    unmount();
  });

  it('sends nothing once the game is over', async () => {
    const fetchMock = mockFetch({});
    let now = 3;
    const { rerender, unmount } = renderHook(
      ({ active }) => useTimeSync({ gameId: 1, read: () => now, initialTime: 0, running: false, active }),
      { initialProps: { active: false } },
    );
    rerender({ active: false });
    now = 20;
    await act(() => vi.advanceTimersByTimeAsync(TIME_SYNC_MS * 2));
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(callsTo(fetchMock, 'PUT', '/api/sudoku/updateTime')).toHaveLength(0);
  });
});

describe('useTimedFlags', () => {
  it('drops each key the given time after it was last flagged', () => {
    const { result } = renderHook(() => useTimedFlags<number>(2000));
    act(() => result.current.flag([1, 2]));
    expect([...result.current.flags]).toEqual([1, 2]);
    act(() => vi.advanceTimersByTime(1000));
    act(() => result.current.flag([2]));
    act(() => vi.advanceTimersByTime(1000));
    expect([...result.current.flags]).toEqual([2]);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.flags.size).toBe(0);
  });
});
