import { Table, type TableProps, type TableTdProps, Text, VisuallyHidden } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { ScrollBox } from './ScrollBox';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

export interface DataColumn<Row> {
  /** The header's text, and the column's key. */
  header: string;
  /** Read by screen readers only (a column of row actions). */
  hideHeader?: boolean;
  /** Numbers are 'right'-aligned, header and cells alike; text stays left. */
  align?: 'left' | 'right';
  /** The cells stay on one line: the table scrolls sideways on phones instead. */
  noWrap?: boolean;
  cell: (row: Row) => ReactNode;
  /** More of a cell's props that depend on its row (a title, a weight, a colour). */
  td?: (row: Row) => TableTdProps;
}

interface DataTableProps<Row> extends Omit<TableProps, 'children' | 'aria-label'> {
  /** The table's accessible name (and its scroll box's, with `maxHeight`). */
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** The one row shown when there are none; without it an empty table has no body rows. */
  empty?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** A long table scrolls on its own at this height, its header kept in view. */
  maxHeight?: number;
  /** Headers stay on one line. */
  headerNoWrap?: boolean;
  /** A Table.Tfoot row or rows (totals), shown only when there are rows. */
  footer?: ReactNode;
}

/**
 * The app's data tables in one shape: a Mantine Table with a header row from column definitions,
 * one row per item, an empty row, a sideways scroll below `minWidth` and, for long tables, a
 * vertical scroll with a sticky header. The look (striped, highlightOnHover, spacing) is each
 * table's own, passed as Table props.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  minWidth,
  maxHeight,
  headerNoWrap = false,
  footer,
  ...tableProps
}: DataTableProps<Row>) {
  const table = (
    <Table {...tableProps} stickyHeader={maxHeight !== undefined} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} ta={column.align ?? 'left'} style={headerNoWrap ? NO_WRAP : undefined}>
              {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && empty !== undefined ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="dimmed" ta="center" py="md">
                {empty}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align === 'right' ? 'right' : undefined}
                  style={column.noWrap ? NO_WRAP : undefined}
                  {...column.td?.(row)}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
      {footer && rows.length > 0 && <Table.Tfoot>{footer}</Table.Tfoot>}
    </Table>
  );
  const scrolled =
    minWidth === undefined ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
  return maxHeight === undefined ? (
    scrolled
  ) : (
    <ScrollBox maxHeight={maxHeight} label={label}>
      {scrolled}
    </ScrollBox>
  );
}
