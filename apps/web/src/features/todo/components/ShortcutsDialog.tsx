import { Kbd, Table } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import classes from './ShortcutsDialog.module.css';

/** The keyboard shortcuts of the to-do page, as the `?` dialog and the help page list them. */
export const TODO_SHORTCUTS: Array<[keys: string[], what: string]> = [
  [['q'], 'Focus quick add'],
  [['j'], 'Next task'],
  [['k'], 'Previous task'],
  [['e'], 'Rename the focused task (Enter saves, Escape cancels)'],
  [['Enter'], 'Rename the focused task; on its title: open its notes and checklist'],
  [['x'], 'Complete the focused task'],
  [['#'], 'Move the focused task to a list (or drag its handle onto one in the side bar)'],
  [['Space', '↑', '↓', 'Space'], 'On a drag handle: lift, move, drop (Escape cancels)'],
  [['?'], 'Show these shortcuts'],
];

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts">
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {TODO_SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td className={classes.keys}>
                <span className={classes.sequence}>
                  {keys.map((key, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the same key may appear twice in a sequence.
                    <Kbd key={i}>{key}</Kbd>
                  ))}
                </span>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
