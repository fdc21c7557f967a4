import { ColorType, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/*
 * The colours of every chart of the site, for the page's light and dark schemes. This module
 * imports lightweight-charts at run time: import it only from the lazily loaded chart modules.
 */

export const PALETTES = {
  light: { background: '#ffffff', text: '#495057', grid: '#f1f3f5', border: '#dee2e6' },
  dark: { background: '#242424', text: '#c9c9c9', grid: '#2e2e2e', border: '#424242' },
} as const;

export type Palette = (typeof PALETTES)[keyof typeof PALETTES];

/** Background, text, grid and border colours, with the library's required attribution logo on. */
export function themeOptions(palette: Palette): DeepPartial<TimeChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.text,
      // Required attribution (lightweight-charts licence): never turn this off.
      attributionLogo: true,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border },
  };
}
