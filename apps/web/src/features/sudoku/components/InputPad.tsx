import { ActionIcon, Button, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconEraser, IconPencil } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

interface InputPadProps {
  /** Times each digit is on the board, indexed 1–9. */
  counts: readonly number[];
  notesMode: boolean;
  disabled: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onDigit: (digit: number) => void;
  onErase: () => void;
  onToggleNotes: () => void;
  onUndo: () => void;
  onRedo: () => void;
}

const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/** Mouse and touch presses keep focus on the selected cell, so typing carries on from there. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** Number pad (1–9, Erase), notes mode and undo/redo, for mouse and touch play. */
export function InputPad(props: InputPadProps) {
  const { counts, notesMode, disabled, canUndo, canRedo, onDigit, onErase, onToggleNotes, onUndo, onRedo } = props;
  return (
    <>
      <Group justify="space-between">
        <Tooltip label="Digits toggle pencil marks (N)">
          <Button
            variant={notesMode ? 'filled' : 'default'}
            leftSection={<IconPencil size={18} />}
            aria-pressed={notesMode}
            disabled={disabled}
            onClick={onToggleNotes}
            onMouseDown={keepFocus}
          >
            Notes
          </Button>
        </Tooltip>
        <Group gap="xs">
          <Tooltip label="Undo (Ctrl+Z)">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Undo"
              disabled={!canUndo}
              onClick={onUndo}
              onMouseDown={keepFocus}
            >
              <IconArrowBackUp size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Redo (Ctrl+Shift+Z)">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Redo"
              disabled={!canRedo}
              onClick={onRedo}
              onMouseDown={keepFocus}
            >
              <IconArrowForwardUp size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Number pad">
        {DIGITS.map((digit) => {
          const left = 9 - (counts[digit] ?? 0);
          return (
            <Button
              key={digit}
              variant={notesMode ? 'light' : 'default'}
              size="lg"
              h={52}
              px={0}
              disabled={disabled}
              aria-label={String(digit)}
              onClick={() => onDigit(digit)}
              onMouseDown={keepFocus}
              styles={{ label: { flexDirection: 'column', lineHeight: 1.1 } }}
            >
              <Text component="span" fz={notesMode ? 'md' : 'xl'} fw={700} c={left <= 0 ? 'dimmed' : undefined}>
                {digit}
              </Text>
              <Text component="span" fz={10} c="dimmed" aria-hidden>
                {left > 0 ? `${left} left` : 'done'}
              </Text>
            </Button>
          );
        })}
      </SimpleGrid>
      <Button
        variant="default"
        leftSection={<IconEraser size={18} />}
        disabled={disabled}
        onClick={onErase}
        onMouseDown={keepFocus}
      >
        Erase
      </Button>
    </>
  );
}
