import { Kbd, Table, Text } from '@mantine/core';
import { Fragment } from 'react';

/** Each row: alternative shortcuts, each a combination of keys. */
const KEYS: { shortcuts: string[][]; action: string }[] = [
  { shortcuts: [['←'], ['↑'], ['→'], ['↓']], action: 'Move the selection' },
  {
    shortcuts: [
      ['Shift', '←↑→↓'],
      ['Ctrl/⌘', 'click'],
    ],
    action: 'Select more cells',
  },
  { shortcuts: [['Home'], ['End']], action: 'First / last cell of the row' },
  { shortcuts: [['1–9']], action: 'Enter a digit (a note in notes mode, a colour in colour mode)' },
  { shortcuts: [['Shift', '1–9']], action: 'Toggle a note' },
  { shortcuts: [['Backspace'], ['Delete'], ['0']], action: 'Clear the cell (its colour in colour mode)' },
  { shortcuts: [['N']], action: 'Notes mode on / off' },
  { shortcuts: [['T']], action: 'Next kind of note: candidates, corner, centre' },
  { shortcuts: [['C']], action: 'Colour mode on / off' },
  { shortcuts: [['F']], action: 'Fill in all candidates' },
  { shortcuts: [['H']], action: 'Hint: the next level (name, details, apply)' },
  { shortcuts: [['Ctrl/⌘', 'Z']], action: 'Undo' },
  {
    shortcuts: [
      ['Ctrl/⌘', 'Shift', 'Z'],
      ['Ctrl', 'Y'],
    ],
    action: 'Redo',
  },
];

/** The keyboard map, folded away until asked for. */
export function KeyboardHelp() {
  return (
    <details>
      <Text component="summary" size="sm" fw={500} style={{ cursor: 'pointer' }}>
        Keyboard shortcuts
      </Text>
      <Table mt="xs" fz="xs" verticalSpacing={4}>
        <Table.Tbody>
          {KEYS.map(({ shortcuts, action }) => (
            <Table.Tr key={action}>
              <Table.Td>
                {shortcuts.map((keys, i) => (
                  <Fragment key={keys.join('+')}>
                    {i > 0 && ' / '}
                    <span style={{ whiteSpace: 'nowrap' }}>
                      {keys.map((key, j) => (
                        <Fragment key={key}>
                          {j > 0 && '+'}
                          <Kbd size="xs">{key}</Kbd>
                        </Fragment>
                      ))}
                    </span>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}
