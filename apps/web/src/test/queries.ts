import { isInaccessible, screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * `getByRole(role, { name })` for an element named by its own aria-label, checked the same way (one
 * such element, that role, not hidden from assistive technology) at the cost of that one element.
 * getByRole computes the accessible name, and so jsdom's computed style, of every element of the
 * role on the page: on a Sudoku board, 81 inputs each time a test looks at one cell.
 */
export function getLabelled(role: string, name: string, container?: HTMLElement): HTMLElement {
  const element = (container ? within(container) : screen).getByLabelText(name, { selector: `[aria-label]` });
  expect(element).toHaveRole(role);
  expect(element).toHaveAttribute('aria-label', name);
  expect(isInaccessible(element), `${name} is hidden from assistive technology`).toBe(false);
  return element;
}
