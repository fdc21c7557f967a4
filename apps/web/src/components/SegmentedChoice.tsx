import { Box, type BoxProps, type MantineColor } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './SegmentedChoice.module.css';

export interface SegmentedItem {
  value: string;
  label: ReactNode;
}

export interface SegmentedChoiceProps extends BoxProps {
  data: readonly (SegmentedItem | string)[];
  value: string;
  onChange: (value: string) => void;
  size?: 'xs' | 'sm' | 'md';
  fullWidth?: boolean;
  /** The chosen item's colour (a Mantine colour); white, or dark in dark mode, by default. */
  color?: MantineColor;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

/**
 * One of a few choices, as a row of segments: native radio buttons (so arrow keys move the
 * choice, and a form reads it) styled as Mantine's SegmentedControl. Mantine's measures its items
 * to slide an indicator under the chosen one: on mount that measurement laid out the whole page,
 * and its ref callbacks rendered it again at once, in blocking tasks of 50–185 ms on Lighthouse's
 * phone on the Sudoku, weather, stock and wallet pages
 * (docs/decisions.md#main-thread-work-after-the-first-paint). Here the chosen item draws its own
 * background: nothing to measure.
 */
export function SegmentedChoice({
  data,
  value,
  onChange,
  size = 'sm',
  fullWidth,
  color,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  ...others
}: SegmentedChoiceProps) {
  const name = useId();
  const items = data.map((item) => (typeof item === 'string' ? { value: item, label: item } : item));
  return (
    <Box
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      className={classes.root}
      data-size={size}
      data-full-width={fullWidth || undefined}
      __vars={
        color
          ? { '--seg-color': `var(--mantine-color-${color}-filled)`, '--seg-active-text': 'var(--mantine-color-white)' }
          : undefined
      }
      {...others}
    >
      {items.map((item, index) => {
        const active = item.value === value;
        const id = `${name}-${index}`;
        return (
          <div key={item.value} className={classes.control} data-active={active || undefined}>
            <input
              id={id}
              className={classes.input}
              type="radio"
              name={name}
              value={item.value}
              checked={active}
              onChange={() => onChange(item.value)}
            />
            <label htmlFor={id} className={classes.label}>
              {item.label}
            </label>
          </div>
        );
      })}
    </Box>
  );
}
