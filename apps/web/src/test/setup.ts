import '@testing-library/jest-dom/vitest';
import { appendFileSync } from 'node:fs';
import { notifications } from '@mantine/notifications';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { clearCookies } from './cookies';

// Mantine renders a lot of DOM, and in `npm test` this process shares two cores with the other
// steps: findBy* and waitFor end as soon as what they wait for shows, so a long limit costs
// nothing and only ends a wait for something that never comes. In `npm test` this process has run
// six times slower than alone: a wait is never given less than this (nor vi.waitFor, whose own
// limit is one second: each passes { timeout: 30_000 }).
configure({ asyncUtilTimeout: 30_000 });

// jsdom implements neither matchMedia nor ResizeObserver; Mantine needs both to exist.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine scrolls the highlighted option into view; jsdom has no layout to scroll.
Element.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  clearCookies();
});

// The files share one jsdom and one copy of each package (vitest.config.ts: isolate false), so what
// a file leaves in the browser or in a package's module state is put back as a fresh one has it.
afterAll(() => {
  vi.useRealTimers();
  // React Query's managers follow the browser's online/offline and focus events (the to-do tests
  // go offline); left offline, every later query would wait for the network forever.
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  // Mantine's notifications live in a module-level store; the container shows only a few at once.
  notifications.clean();
  notifications.cleanQueue();
  sessionStorage.clear();
  // Portals' shared node, Textarea's autosize measurement, anything a test appended itself.
  document.body.replaceChildren();
  document.title = '';
  window.history.replaceState(null, '', '/');
  Reflect.deleteProperty(navigator, 'geolocation');
});

// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// TEST_CPU_LOG=<file>: each test file's CPU time in its worker, appended as "cpu ms, wall ms, file"
// (not its child processes' nor the database's): what a file costs, whatever runs beside it
// (docs/testing.md#how-fast).
const cpuLog = process.env.TEST_CPU_LOG;
if (cpuLog) {
  const [cpu, wall] = [process.cpuUsage(), performance.now()];
  afterAll(() => {
    const used = process.cpuUsage(cpu);
    const line = [
      Math.round((used.user + used.system) / 1000),
      Math.round(performance.now() - wall),
      expect.getState().testPath,
    ];
    appendFileSync(cpuLog, `${line.join('\t')}\n`);
  });
}
