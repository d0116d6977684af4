import type { ReactNode } from 'react';
import './Table.css';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** Long text (addresses, subjects, errors) wraps inside the column instead of widening the table. */
  wrap?: boolean;
};

const cellClass = (column: { align?: 'start' | 'end'; wrap?: boolean }) =>
  [column.align === 'end' ? 'is-end' : '', column.wrap ? 'is-wrap' : ''].filter(Boolean).join(' ') || undefined;

type TableProps<Row> = {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
};

/**
 * A plain data table that scrolls sideways on small screens instead of squeezing its columns.
 * Columns marked `wrap` give way first, so a wide screen shows the whole table.
 */
export function Table<Row>({ caption, columns, rows, rowKey, empty }: TableProps<Row>) {
  return (
    <div className="ui-table__scroll">
      <table className="ui-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
