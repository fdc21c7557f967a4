// The portfolio's limits as plain values, free of zod: a page that shows them in its form imports
// this module alone, not portfolio.ts's schemas (docs/decisions.md#main-thread-work-after-the-first-paint).
export const PORTFOLIO_TITLE_MAX = 120;
export const PORTFOLIO_TEXT_MAX = 4000;
export const PORTFOLIO_LIST_MAX = 1000;
/** Uploads above this are refused with 413. */
export const PORTFOLIO_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PORTFOLIO_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
