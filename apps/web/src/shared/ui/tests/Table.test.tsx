import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Table, type TableColumn } from '../Table';

type Row = { id: string; name: string; amount: number };

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Name', label: false, cell: (row) => <strong>{row.name}</strong> },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => row.amount },
  { key: 'ref', header: 'Provider reference', label: 'Reference', cell: (row) => `ref-${row.id}` },
  { key: 'actions', header: <span className="visually-hidden">Actions</span>, cell: () => <button type="button">Open</button> },
];

it('labels each cell with its column for the phone cards, unless the column says otherwise', () => {
  render(<Table caption="Things" columns={columns} rows={[{ id: 'a', name: 'Apple', amount: 3 }]} rowKey={(row) => row.id} />);

  const table = screen.getByRole('table', { name: 'Things' });
  expect(within(table).getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  const [name, amount, ref, actions] = within(table).getAllByRole('cell');
  expect(name).not.toHaveAttribute('data-label');
  expect(amount).toHaveAttribute('data-label', 'Amount');
  expect(amount).toHaveTextContent(/^3$/);
  expect(ref).toHaveAttribute('data-label', 'Reference');
  // A heading that is not plain text (a hidden "Actions") gives no label.
  expect(actions).not.toHaveAttribute('data-label');
  expect(within(actions!).getByRole('button', { name: 'Open' })).toBeVisible();
});

it('shows the empty content across the whole row', () => {
  render(<Table caption="Things" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing yet" />);
  const cell = screen.getByRole('cell');
  expect(cell).toHaveTextContent('Nothing yet');
  expect(cell).toHaveAttribute('colSpan', '4');
});
