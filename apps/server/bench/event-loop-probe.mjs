// Diagnostics for the heavy-requests bench, preloaded with `node --import`: on SIGUSR2 the process
// writes how long its event loop was held since the last signal, as one line `LOOP {"p99":…,"max":…}`
// (ms) on stderr, and starts counting again. It tells the server's own blocking apart from a busy
// machine (the health latency the bench measures includes both).
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.stderr.write(`LOOP ${JSON.stringify({ p99: ms(delay.percentile(99)), max: ms(delay.max) })}\n`);
  delay.reset();
});
