import { formatTokens, formatUsd, type Invoice } from '@cc/contracts';
import { cardLabel, formatDay } from './format';
import './InvoiceDocument.css';

/** " with Visa •••• 1111", as the payment shows the card; " by card" when its digits are unknown. */
function paidWith(invoice: Pick<Invoice, 'cardBrand' | 'cardLast4'>): string {
  if (!invoice.cardLast4) return ' by card';
  return invoice.cardBrand ? ` with ${cardLabel(invoice.cardBrand, invoice.cardLast4)}` : ` with card •••• ${invoice.cardLast4}`;
}

/** The invoice as a sheet of paper: who sold, who bought, what (tokens), how much (US dollars), how it was paid. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <article className="invoice-sheet" aria-labelledby="invoice-title">
      <header className="invoice-sheet__head">
        <div>
          <p className="invoice-sheet__seller">{invoice.seller.siteName}</p>
          <p className="invoice-sheet__muted">Token purchase</p>
        </div>
        <div className="invoice-sheet__title-block">
          <h1 id="invoice-title" className="invoice-sheet__title">
            Invoice
          </h1>
          <p className="invoice-sheet__number">{invoice.number}</p>
        </div>
      </header>

      <dl className="invoice-sheet__meta">
        <div>
          <dt>Billed to</dt>
          <dd>
            <strong>{invoice.buyer.name}</strong>
            <br />
            {invoice.buyer.email}
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDay(invoice.issuedAt)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`invoice-sheet__status invoice-sheet__status--${invoice.status}`}>
              {invoice.status === 'paid' ? 'Paid' : 'Refunded'}
            </span>
          </dd>
        </div>
      </dl>

      <table className="invoice-sheet__lines">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="is-end">
              Tokens
            </th>
            <th scope="col" className="is-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{invoice.packageName} — token package</td>
            <td className="is-end">{formatTokens(invoice.tokens)}</td>
            <td className="is-end">{formatUsd(invoice.amountCents)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="is-end">
              Total (USD)
            </th>
            <td className="is-end invoice-sheet__total">{formatUsd(invoice.amountCents)}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="invoice-sheet__foot">
        <p>
          {invoice.status === 'paid' ? 'Paid' : 'Paid, then refunded,'}
          {paidWith(invoice)} on {formatDay(invoice.issuedAt)}.
        </p>
        <p className="invoice-sheet__muted">Thank you for your purchase. Tokens are credited to the account of {invoice.buyer.email}.</p>
      </footer>
    </article>
  );
}
