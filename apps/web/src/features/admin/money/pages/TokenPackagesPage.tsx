import { useState } from 'react';
import { toast } from 'sonner';
import { formatTokens, formatUsd, type TokenPackage } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { centsPerToken } from '../../../../shared/money';
import { Badge, Button, Card, EmptyState, ListError, PageHeader, Table, TableSkeleton, type TableColumn } from '../../../../shared/ui';
import { useListTokenPackagesQuery, useRetireTokenPackageMutation } from '../api/adminWalletApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { PackageFormModal, type PackageEditor } from '../components/PackageFormModal';

type Actions = { onEdit: (pkg: TokenPackage) => void; onRetire: (pkg: TokenPackage) => void };

function packageColumns({ onEdit, onRetire }: Actions): TableColumn<TokenPackage>[] {
  return [
    { key: 'name', header: 'Name', wrap: true, label: false, cell: (row) => <span className="admin-person__name">{row.name}</span> },
    { key: 'tokens', header: 'Tokens', align: 'end', cell: (row) => formatTokens(row.tokens) },
    { key: 'price', header: 'Price', align: 'end', cell: (row) => formatUsd(row.priceCents) },
    {
      key: 'per',
      header: 'Per token',
      align: 'end',
      cell: (row) => <span className="muted">{formatUsd(centsPerToken(row))}</span>,
    },
    { key: 'status', header: 'Status', cell: (row) => (row.active ? <Badge tone="success">On sale</Badge> : <Badge>Retired</Badge>) },
    { key: 'order', header: 'Order', align: 'end', cell: (row) => row.ordering },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) => (
        <div className="admin-row-actions">
          <Button size="sm" variant="secondary" onClick={() => onEdit(row)} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
          {row.active ? (
            <Button size="sm" variant="ghost" onClick={() => onRetire(row)} aria-label={`Retire ${row.name}`}>
              Retire
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}

/** Admin › Token packages: what members can buy on /tokens, in the order shown there. */
export default function TokenPackagesPage() {
  const { data, error, isLoading, isError, isFetching, refetch } = useListTokenPackagesQuery();
  const [editor, setEditor] = useState<PackageEditor | null>(null);
  const [retiring, setRetiring] = useState<TokenPackage | null>(null);
  const [retire, retirement] = useRetireTokenPackageMutation();
  const rows = [...(data?.items ?? [])].sort((a, b) => Number(b.active) - Number(a.active) || a.ordering - b.ordering);
  const nextOrder = rows.reduce((max, pkg) => Math.max(max, pkg.ordering + 1), 0);

  const confirmRetire = async () => {
    if (!retiring) return;
    const result = await retire(retiring._id);
    if ('error' in result) toast.error(`Could not retire “${retiring.name}”: ${errorMessage(result.error)}`);
    else toast.success(`“${retiring.name}” is no longer on sale.`);
    setRetiring(null);
  };

  const addButton = <Button onClick={() => setEditor({ mode: 'add', nextOrder })}>Add package</Button>;
  return (
    <>
      <PageHeader
        title="Token packages"
        description="What members can buy on the tokens page. The package with the most tokens per dollar is marked “Best value”."
        actions={addButton}
      />
      {isLoading ? (
        <TableSkeleton columns={7} label="Loading packages" />
      ) : isError ? (
        <ListError what="the packages" error={error} onRetry={refetch} retrying={isFetching} />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState
            icon="coin"
            title="No packages yet"
            description="Members cannot buy tokens until there is at least one package. Add one to open the shop."
            action={addButton}
          />
        </Card>
      ) : (
        <Table
          caption="Token packages"
          columns={packageColumns({ onEdit: (pkg) => setEditor({ mode: 'edit', pkg }), onRetire: setRetiring })}
          rows={rows}
          rowKey={(row) => row._id}
          cardsBelow="md"
        />
      )}
      {editor ? <PackageFormModal editor={editor} onClose={() => setEditor(null)} /> : null}
      <ConfirmModal
        open={retiring !== null}
        onCancel={() => setRetiring(null)}
        onConfirm={confirmRetire}
        working={retirement.isLoading}
        title={`Retire “${retiring?.name ?? ''}”?`}
        description="Members can no longer buy it. Payments and invoices made with it are kept, and you can put it back on sale later by editing it."
        confirmLabel="Retire package"
      />
    </>
  );
}
