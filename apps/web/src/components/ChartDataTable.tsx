import { Button, Table, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

export interface ChartDataTableProps {
  /** What the chart plots; the table's caption. */
  caption: string;
  columns: string[];
  /** One row per plotted point, oldest first, already formatted for reading. */
  rows: ReactNode[][];
  /** With more than twice this many rows, only the first and the last this many are listed. */
  edge?: number;
  /** What a row is, in the plural: 'points', 'games'. */
  unit?: string;
}

/**
 * A chart's text alternative (docs/product.md#accessibility): its plotted points as a table, on
 * demand. Canvas charts cannot be read by a screen reader or zoomed as text; this can.
 */
export function ChartDataTable({ caption, columns, rows, edge = 10, unit = 'points' }: ChartDataTableProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = rows.length > edge * 2;
  const head = long ? rows.slice(0, edge) : rows;
  const tail = long ? rows.slice(-edge) : [];
  const row = (cells: ReactNode[], key: number) => (
    <Table.Tr key={key}>
      {cells.map((cell, i) =>
        i === 0 ? (
          <Table.Th key={columns[i]} scope="row" fw={400}>
            {cell}
          </Table.Th>
        ) : (
          <Table.Td key={columns[i]}>{cell}</Table.Td>
        ),
      )}
    </Table.Tr>
  );
  return (
    <div>
      <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide data table' : 'Show data as a table'}
      </Button>
      <div id={id} hidden={!open}>
        {open && (
          <Table.ScrollContainer minWidth={columns.length * 110}>
            <Table striped withTableBorder fz="sm">
              <Table.Caption>
                {caption} · {long ? `first and last ${edge} of ${rows.length} ${unit}` : `${rows.length} ${unit}`}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {head.map((cells, i) => row(cells, i))}
                {long && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text size="sm" c="dimmed">
                        … {rows.length - edge * 2} more {unit} …
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {tail.map((cells, i) => row(cells, rows.length - edge + i))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </div>
  );
}
