import type { ReactNode } from 'react';
import './Table.css';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** Long text (addresses, subjects, errors) wraps inside the column instead of widening the table. */
  wrap?: boolean;
  /**
   * The cell's label when the table turns into cards. Defaults to the header when it is text;
   * `false` leaves the cell unlabelled (a card's title line, its row actions).
   */
  label?: string | false;
};

const cellClass = (column: { align?: 'start' | 'end'; wrap?: boolean }) =>
  [column.align === 'end' ? 'is-end' : '', column.wrap ? 'is-wrap' : ''].filter(Boolean).join(' ') || undefined;

/** What a cell says about itself on a card: its column's heading unless the column says otherwise. */
export function cardLabel(column: Pick<TableColumn<unknown>, 'header' | 'label'>): string | undefined {
  if (column.label === false) return undefined;
  if (column.label !== undefined) return column.label;
  return typeof column.header === 'string' ? column.header : undefined;
}

type TableProps<Row> = {
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in place of the body when there are no rows. */
  empty?: ReactNode;
  /**
   * Below which width of its own box the table becomes one card per row: `sm` (600 px, a phone)
   * or `md` (820 px) for tables with many columns.
   */
  cardsBelow?: 'sm' | 'md';
};

/**
 * A plain data table. Columns marked `wrap` give way first, so a wide screen shows the whole table;
 * in a narrow box each row becomes a card whose cells are labelled with their column's heading
 * (CSS draws the `data-label`; the headings stay for screen readers).
 */
export function Table<Row>({ caption, columns, rows, rowKey, empty, cardsBelow = 'sm' }: TableProps<Row>) {
  return (
    <div className={`ui-table__scroll ui-table__scroll--cards-${cardsBelow}`}>
      <table className="ui-table ui-table--cards">
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
                  <td key={column.key} className={cellClass(column)} data-label={cardLabel(column)}>
                    {/* One box per cell, so a card lays out label and content as two columns whatever the cell holds. */}
                    <div className="ui-table__value">{column.cell(row)}</div>
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
