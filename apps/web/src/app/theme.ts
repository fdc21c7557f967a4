import { createTheme, Modal } from '@mantine/core';

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
    Modal: Modal.extend({
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
  },
});
