import type { ReactNode } from 'react';
import classes from './ScrollBox.module.css';

interface ScrollBoxProps {
  /** The most it grows to before it scrolls, in px. */
  maxHeight: number;
  /** What it holds: it is a tab stop (so a keyboard scrolls it), named '<label>, scrollable'. */
  label: string;
  children: ReactNode;
}

/**
 * A long table's own scroll, the browser's native one. Mantine's ScrollArea measures its content
 * and sets state from ResizeObservers and ref callbacks as it mounts, which React renders again at
 * once: dozens of blocking re-renders on the wallet page as it hydrated
 * (docs/decisions.md#main-thread-work-after-the-first-paint).
 */
export function ScrollBox({ maxHeight, label, children }: ScrollBoxProps) {
  return (
    // A group, not a region: the section around it is the region of the same name.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is a form's group; this is a table's scroll.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take the focus to be scrolled by keyboard (WCAG 2.1.1).
    <div role="group" className={classes.root} style={{ maxHeight }} tabIndex={0} aria-label={`${label}, scrollable`}>
      {children}
    </div>
  );
}
