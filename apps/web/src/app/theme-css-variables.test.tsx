import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';
import { cssVariablesResolver, theme } from './theme';
import { themeCssVariables } from './theme-css-variables';

/** The contents of the markup's `<style data-mantine-styles="true">` elements. */
const variableStyles = (html: string) =>
  [...html.matchAll(/<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css);

describe('themeCssVariables', () => {
  it('is the style MantineProvider writes for the theme', () => {
    const mantine = variableStyles(
      renderToString(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />),
    );

    expect(mantine).toHaveLength(1);
    expect(themeCssVariables()).toBe(mantine[0]);
    expect(themeCssVariables()).toContain('--mantine-color-red-filled');
  });

  it('is written once by the app’s providers, in place of Mantine’s', () => {
    const html = renderToString(
      <AppProviders queryClient={new QueryClient()}>
        <p>page</p>
      </AppProviders>,
    );

    expect(variableStyles(html)).toEqual([themeCssVariables()]);
  });
});
