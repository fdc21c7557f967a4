import { Button } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { markupShape } from '../../../test/markup-shape';
import { CardButton } from './CardButton';

/** Both buttons' markup, compared element by element. */
const expectSame = (ours: ReactElement, mantine: ReactElement) =>
  expect(markupShape(ours)).toEqual(markupShape(mantine));

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
