import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { routes } from './routes.js';
import { PRECIPITATION_UNITS, TEMPERATURE_UNITS, TIME_FORMATS, WIND_UNITS } from './units.js';

/**
 * The signed-in user's display preferences (docs/api.md#preferences), one JSON document per
 * user that any app can extend with its own section. Today: weather units. The server's numbers
 * never change with them; clients convert with `@site/contract/units`.
 */

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/** Units the weather page shows. */
export const weatherPreferencesSchema = z.object({
  /** 'F' (°F) or 'C' (°C). */
  temperature: choice('weather.temperature', TEMPERATURE_UNITS),
  /** 'mph', 'kmh' (km/h), 'ms' (m/s) or 'kn' (knots). */
  wind: choice('weather.wind', WIND_UNITS),
  /** 'in' (inches; visibility in miles) or 'mm' (millimetres; visibility in km). */
  precipitation: choice('weather.precipitation', PRECIPITATION_UNITS),
  /** '12h' (3 PM) or '24h' (15:00). */
  time: choice('weather.time', TIME_FORMATS),
});
export type WeatherPreferences = z.infer<typeof weatherPreferencesSchema>;

export const preferencesSchema = z.object({ weather: weatherPreferencesSchema });
export type Preferences = z.infer<typeof preferencesSchema>;

/** What a user has before saving anything: the seed's units (°F, mph, inches) and a 12-hour clock. */
export const DEFAULT_PREFERENCES: Preferences = {
  weather: { temperature: 'F', wind: 'mph', precipitation: 'in', time: '12h' },
};

/** GET and PUT /api/preferences answer: every preference (defaults filled in). */
export const preferencesResponseSchema = preferencesSchema.extend({
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
  .object({ weather: weatherPreferencesSchema.partial().strict().optional() })
  .strict();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/** docs/api.md#preferences */
export const preferencesEndpoints = {
  get: endpoint(routes.preferences.get, {
    tags: ['preferences'],
    summary: 'The signed-in user’s preferences (weather units), defaults filled in',
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
