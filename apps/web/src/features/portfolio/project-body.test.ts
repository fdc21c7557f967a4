import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
const AA_TEXT = 4.5;

const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'project-body.module.css'), 'utf8');

/** The `--code-*` colours a block of the stylesheet sets, by name. */
function colours(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map(
    [...block.matchAll(/(--code-[\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1] as string, m[2] as string]),
  );
}

const { gray, dark } = DEFAULT_THEME.colors;
/** Where highlighted code sits: the code block (Mantine's Typography `pre`) and, around it, the page. */
const SCHEMES = {
  light: { selector: '.body', backgrounds: { block: gray[0], page: '#ffffff' } },
  dark: {
    selector: ':global([data-mantine-color-scheme="dark"]) .body',
    backgrounds: { block: dark[8], page: dark[7] },
  },
};

// docs/product.md#accessibility: the highlighted code of a project page reads at AA in both schemes.
describe('the colours of highlighted code in a project body', () => {
  for (const [scheme, { selector, backgrounds }] of Object.entries(SCHEMES)) {
    it(`are at least ${AA_TEXT}:1 on the code block and the page, ${scheme}`, () => {
      const set = colours(selector);
      expect(set.size).toBeGreaterThanOrEqual(10);
      for (const [name, colour] of set) {
        if (name.endsWith('-background')) continue;
        const own = set.get(`${name}-background`);
        for (const background of own ? [own] : Object.values(backgrounds)) {
          expect(contrast(colour, background), `${scheme} ${name} ${colour} on ${background}`).toBeGreaterThanOrEqual(
            AA_TEXT,
          );
        }
      }
    });
  }

  it('sets the same colours in both schemes', () => {
    expect([...colours(SCHEMES.dark.selector).keys()]).toEqual([...colours(SCHEMES.light.selector).keys()]);
  });
});
