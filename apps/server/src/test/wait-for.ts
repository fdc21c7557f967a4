/**
 * Waits until `check` holds, looking every 20 ms: for a state another process changes (a Redis
 * server stopped or started) that no event here announces. Fails after `timeoutMs` with `what`.
 */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
