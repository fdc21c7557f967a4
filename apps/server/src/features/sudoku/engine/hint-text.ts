import { cellName, maskDigits } from '@site/contract';
import type { TechniqueName } from './grader.js';
import type { FoundStep } from './hint-finders.js';

/** How hints name things to a player (docs/product.md#sudoku-hints): cells r1c1…r9c9 (cellName), rows/columns/boxes 1–9. */

export type UnitKind = 'row' | 'column' | 'box';
export const unitKind = (unit: number): UnitKind => (unit < 9 ? 'row' : unit < 18 ? 'column' : 'box');
export const unitName = (unit: number) => `${unitKind(unit)} ${(unit % 9) + 1}`;

export const TECHNIQUE_NAMES: Record<TechniqueName, string> = {
  'naked single': 'Naked single',
  'hidden single': 'Hidden single',
  pointing: 'Pointing',
  'box-line reduction': 'Box/line reduction',
  'naked pair': 'Naked pair',
  'hidden pair': 'Hidden pair',
  'naked triple': 'Naked triple',
  'hidden triple': 'Hidden triple',
  'x-wing': 'X-Wing',
  'xy-wing': 'XY-Wing',
  swordfish: 'Swordfish',
  'xyz-wing': 'XYZ-Wing',
  'simple colouring': 'Simple colouring',
};

/** "a", "a and b", "a, b and c". */
export function and(items: (string | number)[]): string {
  if (items.length <= 1) return items.map(String).join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "removes 3 from r5c2 and r5c9" or "removes 3 from r5c2 and 7 from r5c9", grouped by digit. */
function removes(eliminations: FoundStep['eliminations']): string {
  const byDigit = new Map<number, number[]>();
  for (const { cell, digit } of eliminations) byDigit.set(digit, [...(byDigit.get(digit) ?? []), cell]);
  const parts = [...byDigit].sort(([a], [b]) => a - b).map(([d, cells]) => `${d} from ${and(cells.map(cellName))}`);
  return `removes ${and(parts)}`;
}

const lines = (mask: number, byColumn: boolean) => {
  const numbers = maskDigits(mask);
  return `${byColumn ? 'columns' : 'rows'} ${and(numbers)}`;
};

/** One sentence saying why the step holds, in plain words. */
export function explain(step: FoundStep): string {
  const name = TECHNIQUE_NAMES[step.technique];
  const digits = maskDigits(step.digits);
  const slash = digits.join('/');
  const cells = step.cells.map((c) => cellName(c.cell));
  const area = step.unit >= 0 ? unitName(step.unit) : '';
  const withCands = (c: { cell: number; mask: number }) => `${cellName(c.cell)} (${maskDigits(c.mask).join('/')})`;
  switch (step.technique) {
    case 'naked single':
      return `${name}: ${cells[0]} can only be ${digits[0]}: every other digit is ruled out by its row, column or box.`;
    case 'hidden single':
      return `${name}: ${digits[0]} has only one place left in ${area}, ${cells[0]}.`;
    case 'pointing':
    case 'box-line reduction':
      return `${name}: in ${area}, ${digits[0]} can only go in ${and(cells)}, all in ${unitName(step.target!)}, so it ${removes(step.eliminations)}.`;
    case 'naked pair':
    case 'naked triple':
      return `${name} ${slash} in ${area} (${and(cells)}) ${removes(step.eliminations)}.`;
    case 'hidden pair':
    case 'hidden triple':
      return `${name} ${slash} in ${area}: these digits fit only in ${and(cells)}, so it ${removes(step.eliminations)}.`;
    case 'x-wing':
    case 'swordfish': {
      const f = step.fish!;
      return `${name} on ${digits[0]}: in ${lines(f.base, f.byColumn)}, ${digits[0]} fits only in ${lines(f.cover, !f.byColumn)}, so it ${removes(step.eliminations)}.`;
    }
    case 'xy-wing':
    case 'xyz-wing': {
      const [pivot, a, b] = step.cells;
      const which = step.technique === 'xy-wing' ? 'whichever digit the pivot takes, one pincer' : 'one of the three';
      return `${name}: pivot ${withCands(pivot!)} with pincers ${withCands(a!)} and ${withCands(b!)}: ${which} is ${digits[0]}, so it ${removes(step.eliminations)}.`;
    }
    case 'simple colouring': {
      const why = step.wrap
        ? 'two cells of one colour see each other, so that colour is false'
        : 'a cell seeing both colours cannot hold it';
      const [a, b] = step.colours!.map((group) => group.map(cellName).join(', '));
      return `${name} on ${slash}: linking cells where a row, column or box has only two places for ${slash} gives two colours, one of them true (${a} | ${b}); ${why}, so it ${removes(step.eliminations)}.`;
    }
  }
}
