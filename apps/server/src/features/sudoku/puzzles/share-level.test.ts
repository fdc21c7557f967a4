import { describe, expect, it } from 'vitest';
import { lastSearchSteps } from '../engine/index.js';
import { CHECK_MAX_STEPS, checkCustomPuzzle } from './custom-puzzle.js';
import { shareLevels } from './share-level.js';

const INKALA = '800000000003600000070090200050007000000045700000100030001000068008500010090000400';
/** 17 clues and no solution that propagation can see: about 440,000 search steps without the budget. */
const WORST_NO_SOLUTION = '000030000030100700080400000005000000000000000000603408000000009040000500060500800';

/** A share link's preview level: what anyone can make the server compute by opening a link. */
describe('shareLevels', () => {
  it('checks a puzzle once, whatever spaces, line breaks or 0/. spelling the link carries', () => {
    let checks = 0;
    const level = shareLevels((text) => {
      checks++;
      return checkCustomPuzzle(text);
    });
    const rows = INKALA.match(/.{9}/g)!;
    const variants = [
      INKALA,
      INKALA.replaceAll('0', '.'),
      rows.join('\n'),
      rows.join(' '),
      ` ${rows.join('\r\n')}  `,
      rows.map((r) => r.split('').join(' ')).join('\t'),
    ];
    for (const share of variants) expect(level(share)).toBe('expert');
    expect(checks).toBe(1);
  });

  it('remembers a refusal too, and never checks text that is not a puzzle', () => {
    let checks = 0;
    const level = shareLevels((text) => {
      checks++;
      return checkCustomPuzzle(text);
    });
    expect(level('.'.repeat(81))).toBeNull(); // several solutions
    expect(level('0'.repeat(81))).toBeNull();
    expect(level('x'.repeat(81))).toBeNull();
    expect(checks).toBe(1);
  });

  it('stops a worst-case puzzle (17 clues, no solution) at the step budget', () => {
    const level = shareLevels();
    expect(level(WORST_NO_SOLUTION)).toBeNull();
    expect(lastSearchSteps()).toBe(CHECK_MAX_STEPS + 1);
  });
});
