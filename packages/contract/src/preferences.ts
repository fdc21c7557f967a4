import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { DEFAULT_PREFERENCES, SUDOKU_MISTAKE_CHECKS, WEATHER_UNIT_CHOICES } from './preference-defaults.js';
import { routes } from './routes.js';

export * from './preference-defaults.js';

/**
 * The signed-in user's display preferences (docs/api.md#preferences), one JSON document per
 * user that any app can extend with its own section. Today: weather units (the server's numbers
 * never change with them; clients convert with `@site/contract/units`) and the Sudoku game's
 * mistake checking.
 */

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/** Units the weather page shows. */
export const weatherPreferencesSchema = z.object({
  /** 'F' (°F) or 'C' (°C). */
  temperature: choice('weather.temperature', WEATHER_UNIT_CHOICES.temperature),
  /** 'mph', 'kmh' (km/h), 'ms' (m/s) or 'kn' (knots). */
  wind: choice('weather.wind', WEATHER_UNIT_CHOICES.wind),
  /** 'in' (inches; visibility in miles) or 'mm' (millimetres; visibility in km). */
  precipitation: choice('weather.precipitation', WEATHER_UNIT_CHOICES.precipitation),
  /** '12h' (3 PM) or '24h' (15:00). */
  time: choice('weather.time', WEATHER_UNIT_CHOICES.time),
});
export type WeatherPreferences = z.infer<typeof weatherPreferencesSchema>;

/** The Sudoku game page's settings. */
export const sudokuPreferencesSchema = z.object({
  /** 'off', 'conflicts' (rule clashes, the default) or 'solution' (wrong digits). */
  mistakes: choice('sudoku.mistakes', SUDOKU_MISTAKE_CHECKS),
});
export type SudokuPreferences = z.infer<typeof sudokuPreferencesSchema>;

export const preferencesSchema = z.object({ weather: weatherPreferencesSchema, sudoku: sudokuPreferencesSchema });
export type Preferences = z.infer<typeof preferencesSchema>;

/** GET and PUT /api/preferences answer: every preference (defaults filled in). */
export const preferencesResponseSchema = preferencesSchema.extend({
  /**
   * Always sent by this server; a section missing from an answer (a server from before the
   * section existed) reads as its defaults, so clients and servers can be upgraded in any order.
   */
  sudoku: sudokuPreferencesSchema.default(DEFAULT_PREFERENCES.sudoku),
  /** When the user last saved (ISO 8601 UTC); null while they only have the defaults. */
  updated_at: z.string().nullable(),
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/**
 * PUT /api/preferences: any subset, merged into what is stored (`{ weather: { wind: 'kn' } }`
 * changes only the wind unit). Unknown sections or keys are refused (400), so typos do not pass
 * silently.
 */
export const updatePreferencesRequestSchema = z
  .object({
    weather: weatherPreferencesSchema.partial().strict().optional(),
    sudoku: sudokuPreferencesSchema.partial().strict().optional(),
  })
  .strict();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/** docs/api.md#preferences */
export const preferencesEndpoints = {
  get: endpoint(routes.preferences.get, {
    tags: ['preferences'],
    summary: 'The signed-in user’s preferences (weather units, Sudoku settings), defaults filled in',
    response: preferencesResponseSchema,
    errors: [401],
  }),
  update: endpoint(routes.preferences.update, {
    tags: ['preferences'],
    summary: 'Change some of the signed-in user’s preferences; answers with all of them',
    body: updatePreferencesRequestSchema,
    response: preferencesResponseSchema,
    errors: [400, 401, 403],
  }),
};
