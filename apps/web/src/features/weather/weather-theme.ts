import type { AlertSeverity, AqiBand, UvBand } from '@site/contract';

/** The look of the sky behind the current conditions (WeatherPage's hero), from a WMO code. */
export type Sky = 'clear' | 'cloudy' | 'fog' | 'rain' | 'snow' | 'storm';

export function skyOf(code: number | null): Sky {
  if (code === null) return 'cloudy';
  if (code <= 1) return 'clear';
  if (code <= 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'storm';
  return 'rain';
}

/** WHO UV index colours (green, yellow, orange, red, violet) as Mantine palette names. */
export const UV_BAND_COLORS: Record<UvBand, string> = {
  Low: 'green',
  Moderate: 'yellow',
  High: 'orange',
  'Very High': 'red',
  Extreme: 'violet',
};

/** EPA AQI colours (green, yellow, orange, red, purple, maroon) as Mantine palette names. */
export const AQI_BAND_COLORS: Record<AqiBand, string> = {
  Good: 'green',
  Moderate: 'yellow',
  'Unhealthy for Sensitive Groups': 'orange',
  Unhealthy: 'red',
  'Very Unhealthy': 'grape',
  Hazardous: 'pink.9',
};

/** Alert banners by CAP severity: the warmer, the more severe. */
export const SEVERITY_COLORS: Record<AlertSeverity, string> = {
  Extreme: 'red',
  Severe: 'orange',
  Moderate: 'yellow',
  Minor: 'blue',
  Unknown: 'gray',
};

/**
 * Text on a filled band or severity badge: black on the light palette colours (white on green.8 is
 * 3.4:1, on yellow 2.5:1), white on the dark ones; both at least 4.5:1 (docs/product.md#accessibility).
 */
export function textOnFilled(color: string): 'black' | 'white' {
  return ['green', 'yellow', 'orange', 'red'].includes(color) ? 'black' : 'white';
}
