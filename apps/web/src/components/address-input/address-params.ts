import {
  formatGeocodeBias,
  formatGeocodeFilter,
  type GeocodeBias,
  type GeocodeFilter,
  parseGeocodeBias,
  parseGeocodeFilter,
  parseLang,
} from '@site/contract';

/** Either Geoapify's text syntax (`countrycode:us,ca|circle:lon,lat,m`) or its parts as an object. */
export type FilterInput = string | GeocodeFilter;
export type BiasInput = string | GeocodeBias;

export type Checked = { ok: true; value: string | undefined } | { ok: false; text: string; error: string };

const NONE: Checked = { ok: true, value: undefined };

/**
 * Validates a `filter` prop with the contract's parser (docs/product.md: latitude within ±90, longitude
 * within ±180, a circle radius above 0) and answers the normalised query value.
 */
export function checkFilter(input: FilterInput | undefined): Checked {
  if (input === undefined) return NONE;
  const text = typeof input === 'string' ? input : formatGeocodeFilter(input);
  if (text.trim() === '') return NONE;
  const parsed = parseGeocodeFilter(text);
  return parsed.ok ? { ok: true, value: formatGeocodeFilter(parsed.value) } : { ok: false, text, error: parsed.error };
}

/** Same as checkFilter for `bias` (countrycode, circle, rect, proximity). */
export function checkBias(input: BiasInput | undefined): Checked {
  if (input === undefined) return NONE;
  const text = typeof input === 'string' ? input : formatGeocodeBias(input);
  if (text.trim() === '') return NONE;
  const parsed = parseGeocodeBias(text);
  return parsed.ok ? { ok: true, value: formatGeocodeBias(parsed.value) } : { ok: false, text, error: parsed.error };
}

/** A 2-letter language code such as `en`, lower-cased. */
export function checkLang(input: string | undefined): Checked {
  if (input === undefined || input.trim() === '') return NONE;
  const parsed = parseLang(input.trim());
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, text: input, error: parsed.error };
}
