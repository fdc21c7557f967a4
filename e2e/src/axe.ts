import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** Runs axe-core in a real page: the accessibility checks of docs/product.md#accessibility. */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA and everything below it (axe tags its rules by the level that introduced them). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules whose outcome depends on colours: all a second colour scheme can change, as the page's
 * structure, names and roles stay the same (docs/testing.md#how-fast).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AxeOptions {
  /** Only these rules (by id) instead of every WCAG 2.2 AA rule. */
  rules?: string[];
  /** Limit the check to part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /**
   * Selectors axe skips. Keep narrow and justify each where it is used (docs/decisions.md lists
   * them); the default is none.
   */
  exclude?: string[];
}

/** Loads axe into the page (once per document) and returns the WCAG 2.2 AA violations on the page as it is now. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated rather than added as a <script>: the site's CSP (script-src 'self') refuses inline
  // scripts, and a check must not loosen the policy it runs under.
  if (!loaded) await page.evaluate(axeSource);
  const context = {
    include: options.include ? [options.include] : [['html']],
    exclude: (options.exclude ?? []).map((selector) => [selector]),
  };
  const runOptions: RunOptions = {
    runOnly: options.rules ? { type: 'rule', values: options.rules } : { type: 'tag', values: WCAG_AA_TAGS },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    // biome-ignore lint/suspicious/noExplicitAny: axe lives on window, injected above.
    ([ctx, opts]) => (window as any).axe.run(ctx, opts) as Promise<AxeResults>,
    [context, runOptions] as const,
  );
  return results.violations;
}

/** One line per failing node: rule, impact, where, and what axe says to do about it. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const summary = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
          return `    - ${node.target.join(' ')}${summary ? ` — ${summary}` : ''}`;
        })
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : '';
      return `[${violation.id}] (${violation.impact}) ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Throws a readable message listing every violation, or returns quietly when there is none. */
export async function expectNoAxeViolations(page: Page, where: string, options: AxeOptions = {}) {
  const violations = await axeViolations(page, options);
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} WCAG 2.2 AA violation(s) on ${where}:\n${describeViolations(violations)}`,
    );
  }
}
