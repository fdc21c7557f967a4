import { ActionIcon, Button, Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconEraser, IconWand } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import type { NoteKind } from '../logic/game-state';
import colourClasses from './CellColours.module.css';
import { COLOUR_NUMBERS, colourName } from './cell-colours';

interface InputPadProps {
  /** Times each digit is on the board, indexed 1–9. */
  counts: readonly number[];
  notesMode: boolean;
  noteKind: NoteKind;
  colourMode: boolean;
  /** The selected cell's colour (0 = none), shown pressed on the colour pad. */
  selectedColour: number;
  disabled: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onDigit: (digit: number) => void;
  onColour: (colour: number) => void;
  onErase: () => void;
  onToggleNotes: () => void;
  onNoteKind: (kind: NoteKind) => void;
  onToggleColour: () => void;
  onFillCandidates: () => void;
  onUndo: () => void;
  onRedo: () => void;
}

const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/** Mouse and touch presses keep focus on the selected cell, so typing carries on from there. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The entry modes (docs/product.md#sudoku-solving-tools): each button turns its mode on, or off again. */
const MODES: { kind: NoteKind | 'colour'; label: string; tip: string }[] = [
  { kind: 'candidates', label: 'Notes', tip: 'Digits toggle pencil marks (N)' },
  { kind: 'corner', label: 'Corner', tip: 'Digits toggle corner marks (T: next kind of note)' },
  { kind: 'centre', label: 'Centre', tip: 'Digits toggle centre marks (T: next kind of note)' },
  { kind: 'colour', label: 'Colour', tip: 'Digits 1–6 colour the selected cells (C)' },
];

/** Number pad (1–9, Erase), note kinds, colours, the candidate fill and undo/redo, for mouse and touch play. */
export function InputPad(props: InputPadProps) {
  const { counts, notesMode, noteKind, colourMode, selectedColour, disabled, canUndo, canRedo } = props;
  const { onDigit, onColour, onErase, onToggleNotes, onNoteKind, onToggleColour, onFillCandidates } = props;
  const { onUndo, onRedo } = props;
  const pressed = (kind: NoteKind | 'colour') => (kind === 'colour' ? colourMode : notesMode && noteKind === kind);
  const choose = (kind: NoteKind | 'colour') => {
    if (kind === 'colour') onToggleColour();
    else if (pressed(kind)) onToggleNotes();
    else onNoteKind(kind);
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a toolbar-like group of toggle buttons, not a form fieldset */}
      <div role="group" aria-label="Entry mode">
        <Button.Group>
          {MODES.map(({ kind, label, tip }) => (
            <Tooltip key={kind} label={tip}>
              <Button
                flex={1}
                px={4}
                variant={pressed(kind) ? 'filled' : 'default'}
                aria-pressed={pressed(kind)}
                disabled={disabled}
                onClick={() => choose(kind)}
                onMouseDown={keepFocus}
              >
                {label}
              </Button>
            </Tooltip>
          ))}
        </Button.Group>
      </div>
      {colourMode ? (
        <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Colours" className={colourClasses.colours}>
          {COLOUR_NUMBERS.map((colour) => (
            <Button
              key={colour}
              variant={selectedColour === colour ? 'outline' : 'default'}
              size="lg"
              h={52}
              px={0}
              disabled={disabled}
              aria-label={`Colour ${colour}: ${colourName(colour)}`}
              aria-pressed={selectedColour === colour}
              onClick={() => onColour(colour)}
              onMouseDown={keepFocus}
              styles={{ label: { gap: 8 } }}
            >
              <span className={colourClasses.chip} data-colour={colour} aria-hidden />
              <Text component="span" fz="sm" c="dimmed" aria-hidden>
                {colour}
              </Text>
            </Button>
          ))}
          <Button
            variant="default"
            h={52}
            style={{ gridColumn: '1 / -1' }}
            disabled={disabled}
            onClick={() => onColour(0)}
            onMouseDown={keepFocus}
          >
            No colour
          </Button>
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={3} spacing="xs" role="group" aria-label="Number pad">
          {DIGITS.map((digit) => {
            const left = 9 - (counts[digit] ?? 0);
            // docs/product.md#sudoku-solving-tools: a digit placed 9 times is greyed out and disabled.
            const done = left <= 0;
            return (
              <Button
                key={digit}
                variant={notesMode ? 'light' : 'default'}
                size="lg"
                h={52}
                px={0}
                disabled={disabled || done}
                // The name holds the visible text (WCAG 2.5.3): "5, 3 left", "5, done: all placed".
                aria-label={done ? `${digit}, done: all placed` : `${digit}, ${left} left`}
                onClick={() => onDigit(digit)}
                onMouseDown={keepFocus}
                styles={{ label: { flexDirection: 'column', lineHeight: 1.1 } }}
              >
                <Text component="span" fz={notesMode ? 'md' : 'xl'} fw={700} c={done ? 'dimmed' : undefined}>
                  {digit}
                </Text>{' '}
                <Text component="span" fz={10} c="dimmed" aria-hidden>
                  {done ? 'done' : `${left} left`}
                </Text>
              </Button>
            );
          })}
        </SimpleGrid>
      )}
      <Group gap="xs" wrap="nowrap">
        <Button
          flex={1}
          variant="default"
          leftSection={<IconEraser size={18} />}
          disabled={disabled}
          onClick={onErase}
          onMouseDown={keepFocus}
        >
          Erase
        </Button>
        <Tooltip label="Undo (Ctrl+Z)">
          <ActionIcon
            variant="default"
            size="lg"
            h={36}
            w={36}
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
            h={36}
            w={36}
            aria-label="Redo"
            disabled={!canRedo}
            onClick={onRedo}
            onMouseDown={keepFocus}
          >
            <IconArrowForwardUp size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Tooltip label="Every empty cell gets the digits its row, column and box allow (F)">
        <Button
          variant="light"
          leftSection={<IconWand size={18} />}
          disabled={disabled}
          onClick={onFillCandidates}
          onMouseDown={keepFocus}
        >
          Fill candidates
        </Button>
      </Tooltip>
    </>
  );
}
