// Diagnostics for the start-up bench, preloaded with `node --import`: on SIGUSR2 the process
// writes its own process.memoryUsage() to stderr as one line `MEMORY {...}`, so the bench can
// split RSS into V8 heap, external/ArrayBuffer memory and the rest (code, native libraries).
process.on('SIGUSR2', () => {
  process.stderr.write(`MEMORY ${JSON.stringify(process.memoryUsage())}\n`);
});
