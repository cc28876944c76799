// One table of records: its columns are declared once (heading and cell), the head, the rows
// and the sideways scrolling on narrow screens come from here. Every list in the dashboard
// is this table, so they read, scroll and announce themselves the same way.
import { Table, type TableProps, type TableTdProps, type TableThProps, Text } from '@mantine/core';
import type { Key, ReactElement, ReactNode } from 'react';
import { DateLines } from './date-time';
import { ScrollTable } from './scroll-table';

export interface Column<Row> {
  /** A name for the column that does not change with the language: what `hide` names. */
  id?: string;
  /** A table whose columns have no heading has no head row (a list of presets). */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** False leaves the column out (a column only some views show). */
  shown?: boolean;
  /** Props for both the heading and the cells, such as `ta="right"`. */
  align?: 'left' | 'right' | 'center';
  th?: Omit<TableThProps, 'children'>;
  td?: Omit<TableTdProps, 'children'> | ((row: Row) => Omit<TableTdProps, 'children'>);
}

/** How a row is told apart: by its `id` unless the table says otherwise (required without one). */
type RowKey<Row> = Row extends { id: Key }
  ? { rowKey?: (row: Row) => Key }
  : { rowKey: (row: Row) => Key };

type TableOf<Row> = {
  /** The table's name for screen readers; also names its scroll area. */
  label: string;
  rows: readonly Row[];
  rowKey?: (row: Row) => Key;
  columns: ReadonlyArray<Column<Row>>;
  /**
   * When given, the table never squeezes below this width: below it the rows become cards
   * (unless `stack` is false, then the table scrolls sideways).
   */
  minWidth?: number;
  stack?: boolean;
  rowProps?: (row: Row) => Record<string, unknown>;
} & Omit<TableProps, 'children' | 'aria-label'>;

export function DataTable<Row>(props: TableOf<Row> & { rowKey: (row: Row) => Key }): ReactElement;
export function DataTable<Row>(props: TableOf<Row> & RowKey<Row>): ReactElement;
export function DataTable<Row>({
  label,
  rows,
  rowKey = (row: Row) => (row as { id: Key }).id,
  columns,
  minWidth,
  stack = true,
  rowProps,
  ...table
}: TableOf<Row>) {
  const shown = columns.filter((column) => column.shown !== false);
  const body = (
    <Table aria-label={label} {...table}>
      {shown.some((column) => column.header !== undefined) && (
        <Table.Thead>
          <Table.Tr>
            {shown.map((column, i) => (
              <Table.Th key={i} scope="col" ta={column.align} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((column, i) => (
              <Table.Td
                key={i}
                ta={column.align}
                data-label={typeof column.header === 'string' ? column.header : undefined}
                {...(typeof column.td === 'function' ? column.td(row) : column.td)}
              >
                {/* One box per cell: stacked as a card, the cell's value stays beside its heading. */}
                <div>{column.cell(row)}</div>
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return body;
  return (
    <ScrollTable minWidth={minWidth} label={label} stack={stack}>
      {body}
    </ScrollTable>
  );
}

/**
 * A list of records as a table: its columns, row key and narrowest width declared once; each use
 * gives the rows, the table's name and the headings it leaves out. Striped, and the row under the
 * pointer highlighted.
 */
export function recordTable<Row>(spec: {
  /** The columns, made as the table draws so that their headings are in the page's language. */
  columns: () => ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => Key;
  minWidth: number;
}) {
  return function RecordTable({
    rows,
    label,
    hide = [],
  }: {
    rows: readonly Row[];
    label: string;
    /** Ids of columns to leave out (the merchant, on that merchant's own page). */
    hide?: readonly string[];
  }) {
    return (
      <DataTable
        label={label}
        rows={rows}
        rowKey={spec.rowKey}
        minWidth={spec.minWidth}
        columns={spec.columns().filter((c) => c.id === undefined || !hide.includes(c.id))}
        striped
        highlightOnHover
        verticalSpacing="sm"
      />
    );
  };
}

/** The record's number under its name, dimmed. */
export function IdNote({ children, translate }: { children: ReactNode; translate?: 'no' }) {
  return (
    <Text size="xs" c="dimmed" translate={translate}>
      {children}
    </Text>
  );
}

/** A date and time in a table cell, in the viewer's zone. */
export function DateCell({ value }: { value: number | null | undefined }) {
  return <DateLines value={value} />;
}
