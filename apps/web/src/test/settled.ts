import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';

/**
 * One turn of the event loop inside act: React Query's batched notifications (a zero-delay timer),
 * the renders they cause and those renders' effects all run before it ends.
 */
const turn = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/**
 * Resolves once the page is quiet: no query fetching, no mutation running and no new request for
 * two whole turns of the event loop, so a reload that an answer or an effect would start has
 * started. For "and nothing more happened" assertions, instead of waiting for time to pass.
 */
export async function settled(queryClient: QueryClient, fetchMock: { mock: { calls: unknown[] } }): Promise<void> {
  const busy = () => queryClient.isFetching() + queryClient.isMutating();
  let quietTurns = 0;
  for (let turns = 0; turns < 200; turns++) {
    const calls = fetchMock.mock.calls.length;
    const wasBusy = busy();
    await turn();
    quietTurns = wasBusy === 0 && busy() === 0 && fetchMock.mock.calls.length === calls ? quietTurns + 1 : 0;
    if (quietTurns === 2) return;
  }
  throw new Error('the page never settled: requests kept going');
}
