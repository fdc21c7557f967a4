import { Button, type ButtonProps, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RowAction extends Pick<ButtonProps, 'variant' | 'color' | 'loading' | 'disabled' | 'w'> {
  /** The button's text. */
  label: string;
  /** Names the row too ('Delete Main wallet'), since every row has the same buttons. */
  ariaLabel: string;
  icon: ReactNode;
  /** A link to this path, or else a button that calls onClick. */
  to?: string;
  onClick?: () => void;
}

/**
 * A table row's buttons, right-aligned on one line: small buttons with an icon, each named with
 * its row. `children` come after them (a badge in place of a button, such as 'Active').
 * Asking to confirm a destructive action is the caller's (components/ConfirmDialog).
 */
export function RowActions({ actions, children }: { actions: readonly RowAction[]; children?: ReactNode }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {actions.map(({ label, ariaLabel, icon, to, onClick, ...button }) =>
        to === undefined ? (
          <Button key={label} size="xs" leftSection={icon} aria-label={ariaLabel} onClick={onClick} {...button}>
            {label}
          </Button>
        ) : (
          <Button key={label} component={Link} to={to} size="xs" leftSection={icon} aria-label={ariaLabel} {...button}>
            {label}
          </Button>
        ),
      )}
      {children}
    </Group>
  );
}
