import fs from 'node:fs';
import path from 'node:path';
import { beforeEach } from 'vitest';
import { openPages } from './browser.js';
import { repoRoot } from './server.js';

/**
 * When a browser test fails, what each open page shows is written beside the error: its address,
 * title and text, and a screenshot under e2e/failures/ (git-ignored). A failure seen once in a CI
 * log can then be read without running it again (docs/testing.md#a-failed-browser-test).
 */
export const failureDir = path.join(repoRoot, 'e2e/failures');

const TEXT_CHARS = 800;
const fileSafe = (name: string) => name.replace(/[^\w-]+/g, '-').slice(0, 80);

async function describePage(page: import('playwright-core').Page, shot: string): Promise<string> {
  // A page that hangs must not hang the report: each read gives up after a few seconds.
  const within = <T>(work: Promise<T>, fallback: T) =>
    Promise.race([work.catch(() => fallback), new Promise<T>((r) => setTimeout(() => r(fallback), 5000))]);
  const title = await within(page.title(), '(no title)');
  const text = await within(
    page.evaluate(() => document.body?.innerText ?? ''),
    '(the page did not answer)',
  );
  const saved = await within(
    page.screenshot({ path: shot }).then(() => true),
    false,
  );
  return [
    `  page: ${page.url()}`,
    `  title: ${title}`,
    `  text: ${text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS)}`,
    saved ? `  screenshot: ${path.relative(repoRoot, shot)}` : '  screenshot: (none)',
  ].join('\n');
}

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const pages = openPages().filter((page) => !page.isClosed());
    if (pages.length === 0) return;
    fs.mkdirSync(failureDir, { recursive: true });
    const stem = fileSafe(`${path.basename(task.file.name, '.e2e.test.ts')}-${task.name}`);
    const described = await Promise.all(
      pages.map((page, i) => describePage(page, path.join(failureDir, `${stem}-${i + 1}.png`))),
    );
    console.error(`\nWhat the open pages showed when "${task.name}" failed:\n${described.join('\n\n')}\n`);
  });
});
