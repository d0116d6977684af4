import type { WalletEntry } from '@cc/contracts';
import { Table, type TableColumn } from '../ui';
import { LEDGER_KIND } from './format';
import { SignedTokens } from './StatusBadges';
import { TipNote } from './TipNote';
import { When } from './When';
import './money.css';

const COLUMNS: readonly TableColumn<WalletEntry>[] = [
  { key: 'date', header: 'Date', cell: (row) => <When iso={row.createdAt} /> },
  { key: 'kind', header: 'What', cell: (row) => LEDGER_KIND[row.kind] ?? row.kind },
  { key: 'amount', header: 'Amount', align: 'end', cell: (row) => <SignedTokens amount={row.amount} /> },
  {
    key: 'memo',
    header: 'Details',
    cell: (row) => (
      <>
        {row.memo ? (
          <span className="money-memo" title={row.memo}>
            {row.memo}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
        {row.note ? <TipNote note={row.note} /> : null}
      </>
    ),
  },
];

/** Wallet movements (amounts in tokens): in green with "+", out in red with "−". The member's statement and the admin drawer. */
export function StatementTable({ rows, caption = 'Statement' }: { rows: readonly WalletEntry[]; caption?: string }) {
  return <Table caption={caption} columns={COLUMNS} rows={rows} rowKey={(row) => row._id} />;
}
