import { Loader, rem, Transition } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * The colours of the card's buttons, as Mantine's variant resolver gives them for this theme:
 * the light teal (Mark Complete), `variant="default"` (Edit) and the filled red (Delete; theme.ts
 * darkens its variables).
 */
const LOOKS = {
  teal: {
    variant: 'light',
    style: {
      '--button-bg': 'var(--mantine-color-teal-light)',
      '--button-hover': 'var(--mantine-color-teal-light-hover)',
      '--button-color': 'var(--mantine-color-teal-light-color)',
      '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
    },
  },
  default: {
    variant: 'default',
    style: {
      '--button-bg': 'var(--mantine-color-default)',
      '--button-hover': 'var(--mantine-color-default-hover)',
      '--button-color': 'var(--mantine-color-default-color)',
      '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)',
    },
  },
  red: {
    variant: undefined,
    style: {
      '--button-bg': 'var(--mantine-color-red-filled)',
      '--button-hover': 'var(--mantine-color-red-filled-hover)',
      '--button-color': 'var(--mantine-color-white)',
      '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
    },
  },
} as const;

/** Mantine's Button's loader: it slides in from above as the button starts loading. */
const LOADER_TRANSITION = {
  in: { opacity: 1, transform: `translate(-50%, calc(-50% + ${rem(1)}))` },
  out: { opacity: 0, transform: 'translate(-50%, -200%)' },
  common: { transformOrigin: 'center' },
  transitionProperty: 'transform, opacity',
};

const SIZE_XS = {
  '--button-height': 'var(--button-height-xs)',
  '--button-padding-x': 'var(--button-padding-x-xs)',
  '--button-fz': 'var(--mantine-font-size-xs)',
};

interface CardButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'style' | 'className' | 'type'> {
  look: keyof typeof LOOKS;
  leftSection: ReactNode;
  children: ReactNode;
  /** As Mantine's `loading`: disabled, with its loader over the label (given: the button may load). */
  loading?: boolean;
}

/**
 * A card's button (Mark Complete, Edit, Delete): the markup of Mantine's `<Button size="xs" leftSection>` (its
 * classes, data attributes and variables, so its stylesheet draws it the same), written directly.
 * Mantine's Button is six components deep, ~0.15 ms of server render each, and a page draws two
 * to three per to-do (docs/decisions.md#pages-rendered-with-their-data). Its loader is Mantine's,
 * drawn only while it loads. CardButton.test.tsx holds the markup to Mantine's.
 */
export function CardButton({ look, leftSection, children, disabled, loading, ...others }: CardButtonProps) {
  const { variant, style } = LOOKS[look];
  return (
    <button
      style={{ ...SIZE_XS, ...style } as React.CSSProperties}
      className={`mantine-focus-auto${disabled || loading ? '' : ' mantine-active'} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-disabled={disabled || undefined}
      data-size="xs"
      data-loading={loading || undefined}
      data-with-left-section="true"
      disabled={disabled || loading}
      type="button"
      {...others}
    >
      {loading !== undefined && (
        <Transition mounted={loading} transition={LOADER_TRANSITION} duration={150}>
          {(transitionStyles) => (
            <span className="m_a25b86ee mantine-Button-loader" style={transitionStyles} aria-hidden>
              <Loader color="var(--button-color)" size="calc(var(--button-height) / 1.8)" />
            </span>
          )}
        </Transition>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {leftSection}
        </span>
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}
