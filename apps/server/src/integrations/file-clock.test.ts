import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { fileClock } from './file-clock.js';

describe('fileClock (DEMO_CLOCK_FILE, tests only)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-clock-'));
  const file = path.join(dir, 'now');
  afterEach(() => fs.rmSync(file, { force: true }));

  it('reads ISO or epoch-ms time from the file, rereading it after 100 ms, and the real time without it', () => {
    let real = 1_000_000;
    const clock = fileClock(file, () => real);
    expect(clock()).toBe(1_000_000);
    fs.writeFileSync(file, '2026-06-10T14:00:00.000Z\n');
    real += 50;
    expect(clock()).toBe(1_000_050); // still the last reading (none)
    real += 50;
    expect(clock()).toBe(Date.parse('2026-06-10T14:00:00.000Z'));
    fs.writeFileSync(file, String(Date.parse('2026-06-10T14:05:00.000Z')));
    real += 100;
    expect(clock()).toBe(Date.parse('2026-06-10T14:05:00.000Z'));
    fs.writeFileSync(file, 'not a time');
    real += 100;
    expect(clock()).toBe(real);
  });

  it('is refused unless DATA_MODE is demo', () => {
    expect(loadConfig({ DEMO_CLOCK_FILE: file }).demoClockFile).toBe(path.resolve(file));
    expect(() => loadConfig({ DEMO_CLOCK_FILE: file, DATA_MODE: 'live' })).toThrow(ConfigError);
    expect(loadConfig({}).demoClockFile).toBeUndefined();
  });
});
