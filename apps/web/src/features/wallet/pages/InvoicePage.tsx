import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/apiError';
import { Button, ButtonLink, Card, EmptyState, Icon, ListError, Skeleton } from '../../../shared/ui';
import { useGetInvoiceQuery } from '../api/walletApi';
import { InvoiceDocument } from '../../../shared/money';
import './InvoicePage.css';

function InvoiceSkeleton() {
  return (
    <div className="invoice-sheet" role="status" aria-label="Loading the invoice">
      <Skeleton height={40} width="50%" />
      <Skeleton height={60} />
      <Skeleton height={120} />
    </div>
  );
}

/** /invoices/:id — one invoice, laid out to print on A4 (the shell's chrome is hidden in print). */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, isError, isFetching, refetch } = useGetInvoiceQuery(id);
  const notFound = isError && isApiError(error) && (error.status === 404 || error.status === 422 || error.status === 400);
  return (
    <div className="page invoice-page">
      <div className="invoice-page__bar">
        <ButtonLink to="/invoices" variant="ghost" icon={<Icon name="chevronRight" size={16} className="ui-flip" />}>
          All invoices
        </ButtonLink>
        {data ? (
          <Button onClick={() => window.print()} icon={<Icon name="file" size={16} />}>
            Print
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <InvoiceSkeleton />
      ) : notFound ? (
        <Card>
          <EmptyState
            icon="file"
            title="This invoice does not exist"
            description="It may belong to another account, or the address is mistyped. Your invoices are all listed on the invoices page."
            action={<ButtonLink to="/invoices">See my invoices</ButtonLink>}
          />
        </Card>
      ) : isError || !data ? (
        <ListError what="the invoice" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <InvoiceDocument invoice={data} />
      )}
    </div>
  );
}
