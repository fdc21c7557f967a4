/**
 * Metric readings in the units the API answers in (°F, mph, inches), rounded as Open-Meteo rounds
 * them: temperatures and speeds to 0.1, precipitation to 0.001 inch. Used by the demo model (which
 * works in metric) and to convert a metric Open-Meteo answer (docs/api.md#live-data).
 */
const tenth = (value: number) => Math.round(value * 10) / 10;

export const celsiusToFahrenheit = (c: number) => tenth((c * 9) / 5 + 32);
export const kmhToMph = (kmh: number) => tenth(kmh / 1.609344);
export const metresPerSecondToMph = (ms: number) => tenth(ms * 2.2369363);
export const knotsToMph = (kn: number) => tenth(kn * 1.1507794);
/** Millimetres to inches, to `digits` decimals (the demo's cards show 2). */
export const mmToInches = (mm: number, digits = 3) => Math.round((mm / 25.4) * 10 ** digits) / 10 ** digits;
