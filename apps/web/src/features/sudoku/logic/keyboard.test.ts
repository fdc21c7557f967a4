import { describe, expect, it } from 'vitest';
import { actionForKey, isStrayCharacter } from './keyboard';

describe('actionForKey', () => {
  it('moves with the arrows, Home and End', () => {
    expect(actionForKey({ key: 'ArrowUp' })).toEqual({ type: 'move', rows: -1, cols: 0 });
    expect(actionForKey({ key: 'ArrowRight' })).toEqual({ type: 'move', rows: 0, cols: 1 });
    expect(actionForKey({ key: 'Home' })).toEqual({ type: 'moveTo', col: 0 });
    expect(actionForKey({ key: 'End', ctrlKey: true })).toEqual({ type: 'moveTo', row: 8, col: 8 });
  });

  it('enters digits from the top row and the keypad; Shift makes them notes', () => {
    expect(actionForKey({ key: '7', code: 'Digit7' })).toEqual({ type: 'digit', digit: 7 });
    expect(actionForKey({ key: '3', code: 'Numpad3' })).toEqual({ type: 'digit', digit: 3 });
    expect(actionForKey({ key: '#', code: 'Digit3', shiftKey: true })).toEqual({
      type: 'digit',
      digit: 3,
      notes: true,
    });
  });

  it('clears, toggles notes mode, undoes and redoes', () => {
    expect(actionForKey({ key: 'Backspace' })).toEqual({ type: 'erase' });
    expect(actionForKey({ key: 'Delete' })).toEqual({ type: 'erase' });
    expect(actionForKey({ key: '0' })).toEqual({ type: 'erase' });
    expect(actionForKey({ key: 'n' })).toEqual({ type: 'toggleNotesMode' });
    expect(actionForKey({ key: 'N', shiftKey: true })).toEqual({ type: 'toggleNotesMode' });
    expect(actionForKey({ key: 'z', ctrlKey: true })).toEqual({ type: 'undo' });
    expect(actionForKey({ key: 'z', metaKey: true })).toEqual({ type: 'undo' });
    expect(actionForKey({ key: 'Z', ctrlKey: true, shiftKey: true })).toEqual({ type: 'redo' });
    expect(actionForKey({ key: 'y', ctrlKey: true })).toEqual({ type: 'redo' });
  });

  it('extends the selection with Shift+arrows, and picks note kinds, colour mode and the candidate fill', () => {
    expect(actionForKey({ key: 'ArrowLeft', shiftKey: true })).toEqual({
      type: 'move',
      rows: 0,
      cols: -1,
      extend: true,
    });
    expect(actionForKey({ key: 't' })).toEqual({ type: 'cycleNoteKind' });
    expect(actionForKey({ key: 'T', shiftKey: true })).toEqual({ type: 'cycleNoteKind' });
    expect(actionForKey({ key: 'c' })).toEqual({ type: 'toggleColourMode' });
    expect(actionForKey({ key: 'f' })).toEqual({ type: 'fillCandidates' });
    // Browser shortcuts with the same letters stay the browser's.
    expect(actionForKey({ key: 'c', ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: 'f', metaKey: true })).toBeNull();
    expect(actionForKey({ key: 't', ctrlKey: true })).toBeNull();
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(actionForKey({ key: 'Tab' })).toBeNull();
    expect(actionForKey({ key: 'r', ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: '1', code: 'Digit1', ctrlKey: true })).toBeNull();
    expect(actionForKey({ key: '1', code: 'Digit1', altKey: true })).toBeNull();
    expect(actionForKey({ key: 'a' })).toBeNull();
    expect(isStrayCharacter({ key: 'a' })).toBe(true);
    expect(isStrayCharacter({ key: 'Enter' })).toBe(false);
    expect(isStrayCharacter({ key: 'c', ctrlKey: true })).toBe(false);
  });
});
