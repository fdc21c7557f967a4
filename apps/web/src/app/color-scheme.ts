import { localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_KEY } from '../lib/storage';

/**
 * docs/product.md#layout: the colour scheme follows the system until the visitor picks one in the
 * top bar; the pick is kept in local storage under COLOR_SCHEME_KEY, which public/color-scheme.js
 * reads before the first paint (keep the two in step).
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
