import type { MantineColorsTuple } from '@mantine/core';

/**
 * The site's own primary colour (docs/decisions.md#site-identity-palette-and-heading-font): a
 * deep blue-violet "iris", away from Mantine's default blue and from the teal and red that mean
 * gains and losses in the finance app. Shade 6 is the filled colour in both schemes.
 * palette.test.ts checks the contrast of every pairing the site draws.
 */
export const iris: MantineColorsTuple = [
  '#f2f0fe',
  '#e3defc',
  '#c5bbf6',
  '#a596ef',
  '#8a78e8',
  '#7762e3',
  '#6550d6',
  '#5440bd',
  '#45349c',
  '#37297c',
];

/** A warm accent for the generated illustration and the monogram's dot; never text on white. */
export const amber = '#f2a93b';

/** Mantine's backgrounds, where the palette's colours are drawn (light body, dark body dark.7). */
export const backgrounds = { light: '#ffffff', dark: '#242424' } as const;

/** The primary shade used for filled buttons, links and `c="iris"` text in both schemes. */
export const IRIS_FILLED = 6;
/** Text and links in the dark scheme: shade 4 (Mantine's default) is 4.4:1 on dark.7, shade 3 6.1:1. */
export const IRIS_DARK_TEXT = 3;

/**
 * Yellow "light" alerts and buttons in the dark scheme (theme.ts): dark.6 with an eighth of
 * yellow.5, a fifth on hover, and yellow.3 text, in place of Mantine's saturated brown.
 */
export const DARK_YELLOW_LIGHT = { background: '#47402c', hover: '#574c2a', text: '#ffe066' } as const;
