import { useState, type ReactNode } from 'react';
import { formatTokens, formatUsd, type AdminPayment, type AdminPaymentDetail } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { cardLabel, formatDateTime, InvoiceStatusBadge, PaymentStatusBadge } from '../../../../shared/money';
import { Alert, Button, ButtonLink, Spinner } from '../../../../shared/ui';
import { useAdminPaymentDetailQuery } from '../api/adminPaymentsApi';
import { Drawer } from '../../shared/components/Drawer';
import { EmailAddress } from '../../shared/components/EmailAddress';
import { ReversePaymentModal, type ReversalKind } from './ReversePaymentModal';
import '../../shared/components/AdminDetails.css';
import '../../content/components/SellItems.css';

const PROVIDER: Record<AdminPayment['provider'], string> = { sandbox: 'Sandbox', authorizenet: 'Authorize.Net' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A refund or chargeback, in a sentence, with the reason the administrator gave. */
function ReversalNote({ payment }: { payment: AdminPayment }) {
  const { reversal } = payment;
  if (!reversal) {
    if (payment.status === 'refunding')
      return (
        <Alert tone="info" title="Refund in progress">
          The payment provider is refunding this payment. Check again in a moment.
        </Alert>
      );
    return null;
  }
  const who = reversal.by ? `${reversal.by.name} (${reversal.by.email})` : 'An administrator';
  const partly = payment.status === 'partially_refunded';
  const what =
    reversal.kind === 'chargeback'
      ? 'recorded the chargeback'
      : payment.refundedCents !== null && payment.refundedTokens !== null
        ? `refunded ${formatUsd(payment.refundedCents)} for ${formatTokens(payment.refundedTokens)} tokens`
        : 'refunded it';
  return (
    <Alert
      tone={reversal.kind === 'refund' ? 'info' : 'warning'}
      title={reversal.kind === 'refund' ? (partly ? 'Partly refunded' : 'Refunded') : 'Charged back'}
    >
      <p>
        {who} {what}
        {reversal.at ? ` ${formatDateTime(reversal.at)}` : ''}:
      </p>
      <blockquote className="admin-item-reason">{reversal.reason}</blockquote>
      {reversal.providerTransactionId ? (
        <p className="muted">
          Provider refund reference: <span className="admin-mono">{reversal.providerTransactionId}</span>
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * What a refund could give back now, said before the button is pressed (issue #28): all of it, the
 * part the member still holds, or nothing.
 */
export function refundableText(payment: AdminPayment, refundable: NonNullable<AdminPaymentDetail['refundable']>): string {
  if (refundable.whole) return `All of it: ${formatTokens(refundable.tokens)} tokens (${formatUsd(refundable.cents)})`;
  if (refundable.tokens === 0) return 'Nothing: the member holds none of the tokens it bought';
  return `${formatTokens(refundable.tokens)} of ${formatTokens(payment.tokens)} tokens (${formatUsd(refundable.cents)}): the member spent the rest`;
}

function Facts({ payment, detail }: { payment: AdminPayment; detail: AdminPaymentDetail | undefined }) {
  return (
    <dl className="admin-details admin-item-facts">
      <Row label="Status">
        <PaymentStatusBadge status={payment.status} />
      </Row>
      <Row label="Member">
        <span>{payment.user.name}</span> <span className="muted">@{payment.user.username}</span>
        <br />
        <EmailAddress address={payment.user.email} />
      </Row>
      <Row label="Balance now">
        {detail ? `${formatTokens(detail.memberBalance)} tokens` : <Spinner size={14} label="Loading balance" />}
      </Row>
      {detail?.refundable ? <Row label="Can be refunded">{refundableText(payment, detail.refundable)}</Row> : null}
      <Row label="Package">
        {payment.packageName} · {formatTokens(payment.tokens)} tokens
      </Row>
      <Row label="Amount">{formatUsd(payment.amountCents)}</Row>
      <Row label="Card">{cardLabel(payment.cardBrand, payment.cardLast4)}</Row>
      <Row label="Provider">{PROVIDER[payment.provider]}</Row>
      <Row label="Transaction id">
        <span className="admin-mono">{payment.providerTransactionId ?? '—'}</span>
      </Row>
      <Row label="Invoice">
        {detail?.invoice ? (
          <>
            <span className="admin-mono">{detail.invoice.number}</span> <InvoiceStatusBadge status={detail.invoice.status} />
          </>
        ) : detail ? (
          <span className="muted">None (only paid purchases have one)</span>
        ) : (
          <Spinner size={14} label="Loading invoice" />
        )}
      </Row>
      <Row label="Paid on">{formatDateTime(payment.createdAt)}</Row>
      {payment.failureMessage ? <Row label="Provider said">{payment.failureMessage}</Row> : null}
    </dl>
  );
}

type PaymentDrawerProps = {
  /** The row clicked; the drawer reads the rest (invoice, balance) itself. */
  payment: AdminPayment | null;
  onClose: () => void;
};

/**
 * One payment: member, package, card, provider reference, invoice and any refund or chargeback,
 * with the two reversals an approved payment allows (docs/product.md#refunds-and-chargebacks).
 */
export function PaymentDrawer({ payment, onClose }: PaymentDrawerProps) {
  const [reversing, setReversing] = useState<ReversalKind | null>(null);
  const { data, error, isError, refetch } = useAdminPaymentDetailQuery(payment?._id ?? '', {
    skip: payment === null,
    refetchOnMountOrArgChange: true,
  });
  const detail = data && payment && data._id === payment._id ? data : undefined;
  const shown: AdminPayment | null = detail ?? payment;

  return (
    <>
      <Drawer
        open={payment !== null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={shown ? `${shown.packageName} · ${formatUsd(shown.amountCents)}` : 'Payment'}
        description={shown ? `Bought by ${shown.user.name}` : undefined}
        footer={
          shown?.status === 'approved' ? (
            <>
              <Button variant="danger" onClick={() => setReversing('refund')} disabled={detail?.refundable?.tokens === 0}>
                Refund
              </Button>
              <Button variant="secondary" onClick={() => setReversing('chargeback')}>
                Record chargeback
              </Button>
            </>
          ) : detail?.invoice ? (
            <ButtonLink to={`/invoices/${detail.invoice._id}`} variant="secondary">
              Open invoice
            </ButtonLink>
          ) : undefined
        }
      >
        {shown ? (
          <>
            {isError ? (
              <Alert tone="danger" title="Could not load the invoice and balance">
                {errorMessage(error)}{' '}
                <Button variant="ghost" size="sm" onClick={() => void refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : null}
            <ReversalNote payment={shown} />
            <Facts payment={shown} detail={detail} />
          </>
        ) : null}
      </Drawer>
      {reversing && shown ? (
        <ReversePaymentModal
          kind={reversing}
          payment={shown}
          balance={detail?.memberBalance}
          refundable={detail?.refundable ?? null}
          onClose={() => setReversing(null)}
          onDone={() => setReversing(null)}
        />
      ) : null}
    </>
  );
}
