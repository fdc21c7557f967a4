import { Button } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CardButton } from './CardButton';

/** The markup's elements with their attributes, each set of attributes in name order. */
function shape(html: string): unknown {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walk = (element: Element): unknown => ({
    tag: element.tagName,
    attributes: [...element.attributes].map((a) => [a.name, a.value]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    children: [...element.childNodes].map((node) => (node instanceof Element ? walk(node) : node.textContent)),
  });
  return [...template.content.children].map(walk);
}

/** `node` as the app's providers draw it, without their style elements. */
function markup(node: ReactElement): string {
  const { container, unmount } = renderWithProviders(node);
  const html = container.innerHTML.replace(/<style[\s\S]*?<\/style>/g, '');
  unmount();
  return html;
}

/** Both buttons' markup, compared element by element. */
const expectSame = (ours: ReactElement, mantine: ReactElement) =>
  expect(shape(markup(ours))).toEqual(shape(markup(mantine)));

describe('CardButton', () => {
  for (const disabled of [false, true]) {
    it(`writes Mantine's Edit and Delete buttons${disabled ? ', disabled' : ''}`, () => {
      const edit = { leftSection: <IconPencil size={14} />, disabled, 'aria-label': 'Edit Milk', children: 'Edit' };
      const remove = { leftSection: <IconTrash size={14} />, disabled, 'aria-label': 'Delete', children: 'Delete' };

      expectSame(<CardButton look="default" {...edit} />, <Button size="xs" variant="default" {...edit} />);
      expectSame(<CardButton look="red" {...remove} />, <Button size="xs" color="red" {...remove} />);
    });
  }

  for (const loading of [false, true]) {
    it(`writes Mantine's Mark Complete button${loading ? ', loading' : ''}`, () => {
      const complete = {
        leftSection: <IconCheck size={14} />,
        loading,
        'data-complete': true,
        children: 'Mark Complete',
      };

      expectSame(
        <CardButton look="teal" {...complete} />,
        <Button size="xs" variant="light" color="teal" {...complete} />,
      );
    });
  }
});
