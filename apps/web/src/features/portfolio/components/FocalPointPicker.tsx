import { Box, Text, UnstyledButton } from '@mantine/core';
import type { KeyboardEvent, MouseEvent } from 'react';

export interface FocalPoint {
  x: number;
  y: number;
}

/** One arrow key press moves the point this far (Shift: ten times as far). */
const STEP = 0.01;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
const percent = (n: number) => `${Math.round(n * 100)}%`;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface FocalPointPickerProps {
  src: string;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  /** Names the image, for the control's accessible name. */
  label: string;
  disabled?: boolean;
}

/**
 * The point of an image a crop keeps in view (docs/product.md#portfolio): click on the preview to
 * put it there, or move it with the arrow keys (Shift for bigger steps).
 */
export function FocalPointPicker({ src, value, onChange, label, disabled = false }: FocalPointPickerProps) {
  const place = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? STEP * 10 : STEP;
    onChange({ x: clamp(value.x + arrow[0] * step), y: clamp(value.y + arrow[1] * step) });
  };
  const where = `${percent(value.x)} from the left, ${percent(value.y)} from the top`;
  return (
    <Box>
      <UnstyledButton
        type="button"
        onClick={place}
        onKeyDown={move}
        disabled={disabled}
        aria-label={`Focal point of ${label}: ${where}. Click the image or use the arrow keys to move it.`}
        pos="relative"
        // As large as the image shown, so a click's place on the button is its place on the image.
        display="inline-block"
        maw="100%"
        style={{ lineHeight: 0, cursor: 'crosshair', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      >
        <img src={src} alt="" style={{ display: 'block', maxWidth: '100%', maxHeight: 160 }} />
        <Box
          aria-hidden
          pos="absolute"
          left={percent(value.x)}
          top={percent(value.y)}
          w={18}
          h={18}
          style={{
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            border: '2px solid white',
            boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.6)',
            pointerEvents: 'none',
          }}
        />
      </UnstyledButton>
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        Focal point: {where}
      </Text>
    </Box>
  );
}
