import { COLOURS } from '../logic/game-state';

/** The names of the cell colours 1–6 (CellColours.module.css), for labels and screen readers. */
export const COLOUR_NAMES = ['red', 'orange', 'yellow', 'green', 'violet', 'grey'] as const;

export const colourName = (colour: number) => COLOUR_NAMES[colour - 1] ?? `colour ${colour}`;

export const COLOUR_NUMBERS = Array.from({ length: COLOURS }, (_, i) => i + 1);
