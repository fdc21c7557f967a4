import fs from 'node:fs';

/** How long one reading of the file is trusted: the demo market asks for "now" many times a request. */
const REREAD_MS = 100;

/**
 * A clock for browser tests only (README, DEMO_CLOCK_FILE; allowed with DATA_MODE=demo alone): "now"
 * is the time written in `file` (ISO 8601 or epoch ms), so a test in another process can put the
 * demo market and the order matcher at a chosen minute and move them on. A missing or unreadable
 * file gives the real time. No HTTP call can change it: only whoever can write the file.
 */
export function fileClock(file: string, realNow: () => number = Date.now): () => number {
  let readAt = Number.NEGATIVE_INFINITY;
  let value: number | undefined;
  return () => {
    const real = realNow();
    if (real - readAt >= REREAD_MS || real < readAt) {
      readAt = real;
      value = readClockFile(file);
    }
    return value ?? real;
  };
}

function readClockFile(file: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}
