import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` in the build (vite.config.ts, mantineStableId): the same
 * id Mantine starts with (`mantine-` and React's id), kept. Mantine's own sets a random id in a
 * layout effect once mounted, which React renders again at once, in the same task: every Alert,
 * input, Popover, Tabs and SegmentedControl of a page drew itself twice as it was hydrated, about
 * a third of the work that held the main thread (docs/decisions.md#main-thread-work-after-the-first-paint).
 * React's id is already unique and the same in the pre-render and in the browser.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
