import { isInaccessible, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * `getByRole(role, { name })` for an element named by its own aria-label, checked the same way (one
 * such element, that role, not hidden from assistive technology) at the cost of that one element.
 * getByRole computes the accessible name, and so jsdom's computed style, of every element of the
 * role on the page: on a Sudoku board, 81 inputs each time a test looks at one cell. The element is
 * found by its attribute (getByLabelText would work out the label of every element on the page).
 */
export function getLabelled(role: string, name: string, container?: HTMLElement): HTMLElement {
  const matches = (container ?? document.body).querySelectorAll<HTMLElement>(`[aria-label="${CSS.escape(name)}"]`);
  // None or several: Testing Library's own query, for its message with the page.
  const element =
    matches.length === 1
      ? (matches[0] as HTMLElement)
      : (container ? within(container) : screen).getByLabelText(name, { selector: '[aria-label]' });
  expect(element).toHaveRole(role);
  expect(element).toHaveAttribute('aria-label', name);
  expect(isInaccessible(element), `${name} is hidden from assistive technology`).toBe(false);
  return element;
}

/** getLabelled once the element shows: findByRole(role, { name }) for an element named by its own aria-label. */
export function findLabelled(role: string, name: string, container?: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => getLabelled(role, name, container));
}

/** The elements that take their name from the text they show, by role. */
const NAMED_BY_TEXT: Record<string, string> = {
  button: 'button, [role="button"]',
  link: 'a[href], [role="link"]',
  menuitem: '[role="menuitem"]',
  tab: '[role="tab"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
};

/**
 * `getByRole(role, { name })` for a button, link, menu item, tab or heading named by the text it
 * shows, checked the same way (exactly one such element, that role, that accessible name, not hidden
 * from assistive technology) at the cost of the elements showing that text instead of every element
 * of the role on the page (a forecast has a button per hour and per day).
 */
export function getNamed(role: keyof typeof NAMED_BY_TEXT, name: string, container?: HTMLElement): HTMLElement {
  const scope = container ?? document.body;
  const found = new Set<HTMLElement>();
  for (const text of within(scope).queryAllByText(name)) {
    const element = text.closest<HTMLElement>(NAMED_BY_TEXT[role] as string);
    if (element && scope.contains(element) && !isInaccessible(element) && hasName(element, name)) found.add(element);
  }
  // None or several, or a name made of more than one piece of text: Testing Library's own query,
  // which finds it or fails with its message.
  if (found.size !== 1) return (container ? within(container) : screen).getByRole(role, { name });
  const [element] = found as Set<HTMLElement>;
  expect(element).toHaveRole(role);
  return element as HTMLElement;
}

function hasName(element: HTMLElement, name: string): boolean {
  try {
    expect(element).toHaveAccessibleName(name);
    return true;
  } catch {
    return false;
  }
}

/** getNamed once the element shows. */
export function findNamed(
  role: keyof typeof NAMED_BY_TEXT,
  name: string,
  container?: HTMLElement,
): Promise<HTMLElement> {
  return waitFor(() => getNamed(role, name, container));
}
