import type { MantineColorScheme } from '@mantine/core';

/** docs/product.md#layout: the three colour-scheme choices, in the order the toggle cycles them. */
export const colorSchemeOptions: readonly { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function colorSchemeLabel(value: MantineColorScheme): string {
  return colorSchemeOptions.find((option) => option.value === value)?.label ?? 'System';
}

/** The choice after `value`: System → Light → Dark → System. */
export function nextColorScheme(value: MantineColorScheme): MantineColorScheme {
  const index = colorSchemeOptions.findIndex((option) => option.value === value);
  return colorSchemeOptions[(index + 1) % colorSchemeOptions.length]?.value ?? 'auto';
}
