import type { SudokuHint } from '@site/contract';
import { digitBit } from '@site/contract/sudoku';
import { describe, expect, it } from 'vitest';
import { createGameState, gameReducer } from './game-state';
import { hintArea, hintCells, hintChange, notesForHint } from './hint';
import { isHintKey } from './keyboard';

const step: SudokuHint = {
  kind: 'step',
  technique: 'pointing pair',
  name: 'Pointing pair',
  area: { unit: 'box', index: 5 },
  cells: ['r4c4', 'r5c4'],
  candidates: [
    { cell: 'r4c4', digits: [7] },
    { cell: 'r5c4', digits: [7] },
  ],
  eliminations: [{ cell: 'r9c4', digit: 7 }],
  placement: null,
  text: 'Pointing pair of 7 in box 5 removes 7 from r9c4.',
};

describe('hint', () => {
  it('highlights the area at level 1 and the cells only from level 2', () => {
    const box5 = [30, 31, 32, 39, 40, 41, 48, 49, 50];
    expect([...hintArea(step)].sort((a, b) => a - b)).toEqual(box5);
    expect([...hintArea({ ...step, area: { unit: 'column', index: 2 } })]).toEqual([1, 10, 19, 28, 37, 46, 55, 64, 73]);
    expect(hintArea({ ...step, area: null }).size).toBe(0);
    expect(hintCells(step, 1).size).toBe(0);
    expect([...hintCells(step, 2)]).toEqual([30, 39, 75]);
    const mistake: SudokuHint = { kind: 'mistake', cells: ['r2c2'], text: 'wrong' };
    expect([...hintCells(mistake, 1)]).toEqual([10]);
  });

  it('applies a hint as one undoable step: eliminations, placement, cleared mistakes', () => {
    let state = createGameState([[]]);
    state = gameReducer(state, { type: 'select', index: 75 });
    state = gameReducer(state, { type: 'digit', digit: 7, notes: true });
    state = gameReducer(state, { type: 'digit', digit: 1, notes: true });
    const change = hintChange(step);
    expect(change).toEqual({ placement: null, eliminations: [{ index: 75, digit: 7 }] });
    state = gameReducer(state, { type: 'applyHint', change: change ?? {} });
    expect(state.notes[75]).toBe(digitBit(1));

    // A placement clears that digit from its peers' notes; a mistake's cells are emptied.
    state = gameReducer(state, { type: 'applyHint', change: { placement: { index: 74, digit: 1 } } });
    expect(state.values[74]).toBe(1);
    expect(state.notes[75]).toBe(0);
    state = gameReducer(state, {
      type: 'applyHint',
      change: hintChange({ kind: 'mistake', cells: ['r9c3'], text: '' }) ?? {},
    });
    expect(state.values[74]).toBe(0);
    state = gameReducer(state, { type: 'undo' });
    expect(state.values[74]).toBe(1);
    expect(hintChange({ kind: 'solved', text: 'Solved' })).toBeNull();
  });

  it('never changes a clue and does nothing once the game is over', () => {
    const puzzle = [[5]];
    let state = createGameState(puzzle);
    state = gameReducer(state, { type: 'applyHint', change: { clear: [0], placement: { index: 0, digit: 3 } } });
    expect(state.values[0]).toBe(5);
    expect(state.past).toHaveLength(0);
    state = gameReducer(state, { type: 'finish' });
    state = gameReducer(state, { type: 'applyHint', change: { placement: { index: 1, digit: 3 } } });
    expect(state.values[1]).toBe(0);
  });

  it('sends notes as lists of digits per cell', () => {
    const notes = new Array<number>(81).fill(0);
    notes[10] = digitBit(2) | digitBit(9);
    const sent = notesForHint(notes);
    expect(sent).toHaveLength(9);
    expect(sent[1]?.[1]).toEqual([2, 9]);
    expect(sent[0]?.[0]).toEqual([]);
  });

  it('reads H without modifiers as the hint key', () => {
    expect(isHintKey({ key: 'h' })).toBe(true);
    expect(isHintKey({ key: 'H', shiftKey: true })).toBe(true);
    expect(isHintKey({ key: 'h', ctrlKey: true })).toBe(false);
    expect(isHintKey({ key: 'j' })).toBe(false);
  });
});
