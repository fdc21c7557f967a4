import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/** Mantine's own variables (`defaultCssVariablesResolver`) without those its stylesheet already sets. */
function withoutDefaults(input: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const part of ['variables', 'light', 'dark'] as const) {
    for (const [name, value] of Object.entries(input[part])) {
      if (defaults[part][name as keyof (typeof defaults)[typeof part]] !== value) {
        cleaned[part][name as keyof (typeof cleaned)[typeof part]] = value;
      }
    }
  }
  return cleaned;
}

let css: string | undefined;

/**
 * The theme's CSS variables as MantineProvider's `<style data-mantine-styles>` writes them
 * (its MantineCssVariables with `deduplicateCssVariables` and the `:root` selector), made once:
 * Mantine works them out from the merged theme on every render, ~2 ms of each page the server
 * draws (docs/decisions.md#pages-rendered-with-their-data). The theme never changes while the
 * app runs. theme-css-variables.test.tsx holds it to Mantine's own.
 */
export function themeCssVariables(): string {
  if (css === undefined) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
    css = convertCssVariables(withoutDefaults(variables));
  }
  return css;
}
