import type { Preferences } from './preferences.js';
import { PRECIPITATION_UNITS, TEMPERATURE_UNITS, TIME_FORMATS, WIND_UNITS } from './units.js';

/**
 * The preferences' choices and defaults as plain values, free of zod: the weather and Sudoku pages
 * read stored settings with them without preferences.ts's schemas
 * (docs/decisions.md#main-thread-work-after-the-first-paint). preferences.ts re-exports them.
 */

/** The values each weather unit setting takes; `weatherPreferencesSchema` is built from them. */
export const WEATHER_UNIT_CHOICES = {
  temperature: TEMPERATURE_UNITS,
  wind: WIND_UNITS,
  precipitation: PRECIPITATION_UNITS,
  time: TIME_FORMATS,
} as const;

/**
 * How the Sudoku game page marks mistakes while playing (docs/product.md#game-appssudokugame):
 * not at all, digits that clash in a row, column or box, or digits that differ from the solution.
 */
export const SUDOKU_MISTAKE_CHECKS = ['off', 'conflicts', 'solution'] as const;
export type SudokuMistakeCheck = (typeof SUDOKU_MISTAKE_CHECKS)[number];

/**
 * What a user has before saving anything: the seed's units (°F, mph, inches), a 12-hour clock,
 * and Sudoku marking rule clashes (the game's behaviour before the setting existed).
 */
export const DEFAULT_PREFERENCES: Preferences = {
  weather: { temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' },
  sudoku: { mistakes: 'conflicts' },
};
