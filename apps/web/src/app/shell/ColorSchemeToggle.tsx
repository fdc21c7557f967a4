import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrating } from '../../hooks/use-hydrating';
import { CssTooltip } from './CssTooltip';
import { colorSchemeLabel, nextColorScheme } from './color-scheme-options';

const icons = { auto: IconDeviceDesktop, light: IconSun, dark: IconMoon };

/**
 * docs/product.md#layout: the top bar's colour-scheme button. Each press moves System → Light →
 * Dark; its name says the current choice and the next. The tooltip is CSS (CssTooltip), so the
 * first page does not download Mantine's Tooltip for it.
 */
export function ColorSchemeToggle() {
  const { colorScheme: chosen, setColorScheme } = useMantineColorScheme();
  // The pre-render knew no stored choice: hydration draws the default (AppProviders), then the choice.
  const colorScheme = useHydrating() ? 'auto' : chosen;
  const current = colorSchemeLabel(colorScheme);
  const next = nextColorScheme(colorScheme);
  const Icon = icons[colorScheme];
  const description = `Colour scheme: ${current}. Switch to ${colorSchemeLabel(next)}`;
  return (
    <CssTooltip label={description}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={description}
        data-color-scheme-choice={colorScheme}
        onClick={() => setColorScheme(next)}
      >
        <Icon size={20} aria-hidden />
      </ActionIcon>
    </CssTooltip>
  );
}
