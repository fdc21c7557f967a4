import type { ReactNode } from 'react';
import classes from './CssTooltip.module.css';

interface CssTooltipProps {
  /** The tooltip's text: hidden from screen readers, so the child's accessible name must say it too. */
  label: string;
  /** Also shown when a tap or click focuses the child (a badge has no other way to show it on touch). */
  showOnTap?: boolean;
  children: ReactNode;
}

/** A tooltip under a top-bar control, in CSS alone (CssTooltip.module.css), shown on hover and keyboard focus. */
export function CssTooltip({ label, showOnTap = false, children }: CssTooltipProps) {
  return (
    <span className={classes.root} data-show-on-tap={showOnTap || undefined}>
      {children}
      <span className={classes.tooltip} aria-hidden>
        {label}
      </span>
    </span>
  );
}
