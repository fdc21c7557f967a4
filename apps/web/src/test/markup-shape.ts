import type { ReactElement } from 'react';
import { renderWithProviders } from './render';

/**
 * What `node` draws inside the app's providers, as a comparable tree: each element's tag, its
 * attributes in name order and its children, without style elements and without the class names
 * Mantine makes up per render for responsive props (` __m__-…`). For components that write
 * Mantine's markup directly: equal shapes mean the same markup as Mantine's own components.
 */
export function markupShape(node: ReactElement): unknown {
  const { container, unmount } = renderWithProviders(node);
  const html = container.innerHTML;
  unmount();
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<style[\s\S]*?<\/style>/g, '').replace(/ __m__-[\w-]+/g, '');
  const walk = (element: Element): unknown => ({
    tag: element.tagName,
    attributes: [...element.attributes].map((a) => [a.name, a.value]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    children: [...element.childNodes].map((child) => (child instanceof Element ? walk(child) : child.textContent)),
  });
  return [...template.content.children].map(walk);
}
