import { createTheme } from '@mantine/core';

/**
 * Seed §2: mobile from 0, tablet from 768px (`sm`), computer from 1024px (`md`).
 * System fonts only: the CSP and the offline requirement rule out web fonts.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '64em',
    lg: '75em',
    xl: '90em',
  },
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // A plain object rather than `Modal.extend(…)`, which would bring the Modal component (and
    // ScrollArea, Input…) into the first page's JavaScript; the modals themselves load lazily.
    Modal: {
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});
