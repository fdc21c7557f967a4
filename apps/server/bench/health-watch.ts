import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ServerProcess } from './server-process.js';

/*
 * What the load benches watch while they run: /api/health's latency from a thread of its own, the
 * server's RSS, and its event-loop delay (reported by event-loop-probe.mjs, preloaded with
 * `--import`), which tells the server's own blocking apart from a busy machine.
 */

export const loopProbe = path.join(import.meta.dirname, 'event-loop-probe.mjs');

/** The server's event-loop delay since the last call (event-loop-probe.mjs), ms. */
export async function loopDelay(server: ServerProcess): Promise<{ p99: number; max: number }> {
  const before = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const line = server
      .output()
      .slice(before)
      .match(/^LOOP (.+)$/m);
    if (line) return JSON.parse(line[1]!);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('The server did not report its event-loop delay.');
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * Asks /api/health every 50 ms from a worker thread (its own event loop and connections, so the
 * heavy answers this process receives do not delay the polls) and posts back each time taken, ms.
 * Each poll is sent when asked: with a cap on sockets, polls queued here behind slow ones and a
 * 300 ms stall read as seconds for every poll after it.
 *
 * Its keep-alive connection is opened before the load starts, as a load balancer that has been
 * checking the instance all along holds one. Opened at the same moment as the load generator's
 * 200, it waited in the listen queue behind them: Node's libuv accepts one connection per pass of
 * the event loop, so the first polls read 1.4 s while the server's own loop never stalled more
 * than 32 ms (docs/decisions.md#requests-take-turns-on-the-event-loop).
 */
const HEALTH_POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const times = [];
let failures = 0;
let pending = 0;
let stopping = false;
let timer;
const finish = () => { if (stopping && pending === 0) { agent.destroy(); parentPort.postMessage({ times, failures }); } };
http.get(workerData.url, { agent }, (res) => {
  res.resume();
  res.on('end', () => { parentPort.postMessage('connected'); timer = setInterval(poll, workerData.everyMs); });
});
const poll = () => {
  const started = performance.now();
  pending++;
  http.get(workerData.url, { agent }, (res) => {
    res.resume();
    res.on('end', () => { if (res.statusCode === 200) times.push(performance.now() - started); else failures++; pending--; finish(); });
  }).on('error', () => { failures++; pending--; finish(); });
};
parentPort.on('message', () => { clearInterval(timer); stopping = true; finish(); });
`;

/** How often health and RSS are read. */
export const HEALTH_EVERY_MS = 50;

/** Polls /api/health (in a worker) and the server's RSS every `everyMs` until stopped; resolves once connected. */
export async function watch(server: ServerProcess, everyMs = HEALTH_EVERY_MS) {
  const worker = new Worker(HEALTH_POLLER, {
    eval: true,
    workerData: { url: `${server.baseUrl}/api/health`, everyMs },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  let peakRss = 0;
  const timer = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, server.rssMiB());
    } catch {
      // The process is gone: stop() will notice.
    }
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      const done = new Promise<{ times: number[]; failures: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const { times, failures } = await done;
      await worker.terminate();
      return { p50: percentile(times, 50), p99: percentile(times, 99), polls: times.length, failures, peakRss };
    },
  };
}
