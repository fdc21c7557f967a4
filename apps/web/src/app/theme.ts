import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken } from '@mantine/core';
import { DARK_YELLOW_LIGHT, IRIS_DARK_TEXT, IRIS_FILLED, iris } from './palette';

/** Headings: the self-hosted Fraunces (fonts.css), then its metric-matched fallback. */
export const HEADING_FONT = '"Fraunces Variable", "Fraunces Fallback", Georgia, serif';

/**
 * docs/product.md#screens: mobile from 0, tablet from 768px (`sm`), computer from 1024px (`md`).
 * docs/decisions.md#site-identity-palette-and-heading-font: the site's own primary colour and a
 * serif for headings; body text stays in the system font (no download, no swap).
 */
export const theme = createTheme({
  colors: { iris },
  primaryColor: 'iris',
  // Filled buttons, the brand mark and links: white on iris.6 is 5.7:1 (WCAG AA asks 4.5:1).
  primaryShade: { light: IRIS_FILLED, dark: IRIS_FILLED },
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '64em',
    lg: '75em',
    xl: '90em',
  },
  headings: { fontFamily: HEADING_FONT, fontWeight: '650' },
  cursorType: 'pointer',
  // prefers-reduced-motion: Mantine's transitions off (docs/product.md#accessibility).
  respectReducedMotion: true,
  components: {
    // A plain object rather than `Modal.extend(…)`, which would bring the Modal component (and
    // ScrollArea, Input…) into the first page's JavaScript; the modals themselves load lazily.
    Modal: {
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
      // Mantine's close button is an icon with no name (axe: button-name, docs/product.md#accessibility).
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Mantine 9 keeps every closed dropdown of a Select or Combobox mounted (hidden): its options,
    // their scroll area and floating-ui's positioning, each set up as the page hydrated and
    // rendered again at once from their ref callbacks, for every Select of the page (the wallet
    // page has five). Mounted on opening instead, as Mantine 7 did
    // (docs/decisions.md#main-thread-work-after-the-first-paint).
    Combobox: { defaultProps: { keepMounted: false } },
    // Tables scroll sideways natively on narrow screens: Mantine's ScrollArea measures its content
    // and sets state from ResizeObservers and ref callbacks as it mounts (dozens of blocking
    // re-renders on the wallet page's tables), and a phone's own scrolling is the one people know.
    // `contain: inline-size`: its width comes from the page, not from the table's minimum width
    // (an element that scrolls still gives its content's minimum width to a grid or flex parent);
    // `position: relative`: the table's absolutely placed parts (visually hidden text) scroll and
    // are clipped with it instead of widening the page.
    TableScrollContainer: {
      defaultProps: { type: 'native' },
      styles: { scrollContainer: { contain: 'inline-size', position: 'relative' } },
    },
  },
});

const { teal, orange, yellow, red } = DEFAULT_THEME.colors;

/** Red buttons (Delete, Sell): white on red.6 is 3.3:1, on red.9 5.3:1; the 'white' variant's red text likewise. */
const redFilled = {
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': darken(red[9], 0.15),
};

/**
 * Mantine's colours that give text under WCAG AA's 4.5:1 contrast on this site (Lighthouse's
 * colour-contrast audit and axe in e2e/src/accessibility.e2e.test.ts), made darker in the light
 * scheme and lighter in the dark one.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  // Mantine sets its colours per scheme, so a fix for both schemes goes in both (redFilled).
  variables: {},
  light: {
    ...redFilled,
    // Secondary text: gray.6 on white is 3.3:1; gray.7 8.2:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // `c="red"` (losses, error text): red.8 is 4.5:1 on white and less on a grey row; red.9 5.5:1.
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    // Teal (gains, Buy buttons, `c="teal"` text): white on teal.8 is 4.0:1; on teal.9 5.0:1.
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-filled-hover': darken(teal[9], 0.15),
    // Light badges and alerts: teal.9 on teal.1 is 4.3:1, orange.9 on orange.1 ("Demo data") 3.6:1.
    '--mantine-color-teal-light-color': darken(teal[9], 0.15),
    '--mantine-color-orange-light-color': darken(orange[9], 0.2),
    // Yellow light buttons and alerts (Hint, "Could not search"): yellow.9 on yellow.1 is 2.7:1.
    '--mantine-color-yellow-light-color': darken(yellow[9], 0.45),
    // Red outline buttons (Give Up, solving path): red.8 on its hover tint is 3.5:1, this 5.5:1.
    '--mantine-color-red-outline': darken(red[9], 0.15),
  },
  dark: {
    ...redFilled,
    // Secondary text: dark.2 on dark.6 (cards) is 3.5:1; dark.1 7:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Buy buttons: white on teal.8 is 3.9:1, as in the light scheme.
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-filled-hover': darken(teal[9], 0.15),
    // `c="iris"` text and links on dark.7: iris.4 (Mantine's default) is 4.4:1, iris.3 6.1:1.
    '--mantine-color-iris-text': `var(--mantine-color-iris-${IRIS_DARK_TEXT})`,
    '--mantine-color-anchor': `var(--mantine-color-iris-${IRIS_DARK_TEXT})`,
    // Yellow light alerts and buttons (the phone warning, the offline notice, Hint): Mantine's dark
    // tint is yellow.9 halved, a saturated brown under white text; a grey warmed with yellow and
    // yellow text read as a warning (palette.test.ts checks the contrast).
    '--mantine-color-yellow-light': DARK_YELLOW_LIGHT.background,
    '--mantine-color-yellow-light-hover': DARK_YELLOW_LIGHT.hover,
    '--mantine-color-yellow-light-color': DARK_YELLOW_LIGHT.text,
  },
});
