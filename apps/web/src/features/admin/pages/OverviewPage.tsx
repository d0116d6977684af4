import { Link } from 'react-router';
import { formatUsd, type AdminPayment } from '@cc/contracts';
import { PaymentStatusBadge } from '../../../shared/money';
import { formatTokens } from '../../../shared/format';
import { Card, EmptyState, Icon, ListError, PageHeader, RelativeTime, Skeleton, type IconName } from '../../../shared/ui';
import { useListAdminPaymentsQuery, useListModelsQuery, useListOutboxQuery, useListUsersQuery } from '../api/adminApi';
import { useAdminPath } from '../hooks/adminBase';
import './OverviewPage.css';

const count = new Intl.NumberFormat('en-US');

/** How many recent mails the overview looks through for failures: one page of the outbox, its largest. */
const MAIL_WINDOW = 100;
const RECENT_PAYMENTS = 5;

type Tally = { isLoading: boolean; isError: boolean; value?: number };

/** One number that matters, linking to the section where it is dealt with. */
function StatTile({
  to,
  icon,
  label,
  tally,
  hint,
  urgent,
}: {
  to: string;
  icon: IconName;
  label: string;
  tally: Tally;
  hint: string;
  urgent?: boolean;
}) {
  const path = useAdminPath(to);
  const needsAttention = urgent && (tally.value ?? 0) > 0;
  return (
    <Link to={path} className={needsAttention ? 'admin-stat is-urgent' : 'admin-stat'}>
      <span className="admin-stat__icon" aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <span className="admin-stat__value">
        {tally.isLoading ? (
          <Skeleton width={48} height={30} />
        ) : tally.isError || tally.value === undefined ? (
          '—'
        ) : (
          count.format(tally.value)
        )}
      </span>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__hint">{tally.isError ? 'Could not load; open the section to retry.' : hint}</span>
    </Link>
  );
}

function RecentPayment({ payment }: { payment: AdminPayment }) {
  return (
    <li className="admin-recent__row">
      <div className="admin-person__text">
        <span className="admin-person__name">{payment.user.name}</span>
        <span className="admin-person__sub">
          {payment.packageName} · {formatTokens(payment.tokens)} tokens · <RelativeTime iso={payment.createdAt} />
        </span>
      </div>
      <span className="admin-recent__amount">{formatUsd(payment.amountCents)}</span>
      <PaymentStatusBadge status={payment.status} />
    </li>
  );
}

function RecentPayments() {
  const paymentsPath = useAdminPath('payments');
  const packagesPath = useAdminPath('packages');
  const { data, error, isLoading, isError, isFetching, refetch } = useListAdminPaymentsQuery({
    status: 'all',
    limit: RECENT_PAYMENTS,
    skip: 0,
  });
  return (
    <Card
      title="Recent payments"
      actions={
        <Link to={paymentsPath} className="admin-overview__more">
          All payments <Icon name="chevronRight" size={16} />
        </Link>
      }
    >
      {isLoading ? (
        <div className="stack" aria-busy="true" aria-label="Loading payments">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={40} />
          ))}
        </div>
      ) : isError ? (
        <ListError what="payments" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length > 0 ? (
        <ul className="admin-recent">
          {data.items.map((payment) => (
            <RecentPayment key={payment._id} payment={payment} />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon="store"
          title="No payments yet"
          description={
            <>
              Payments show here as soon as members buy tokens. <Link to={packagesPath}>Check the token packages on sale.</Link>
            </>
          }
        />
      )}
    </Card>
  );
}

const SHORTCUTS: readonly { to: string; icon: IconName; label: string; text: string }[] = [
  { to: 'packages', icon: 'coin', label: 'Token packages', text: 'What members can buy, and at what price.' },
  { to: 'invoices', icon: 'file', label: 'Invoices', text: 'Every invoice issued for a purchase.' },
  { to: 'settings', icon: 'settings', label: 'Settings', text: 'Site name, commission, favicon, footer.' },
  { to: 'menus', icon: 'menu', label: 'Menus', text: 'The links in the footer.' },
];

function Shortcut({ to, icon, label, text }: (typeof SHORTCUTS)[number]) {
  const path = useAdminPath(to);
  return (
    <li>
      <Link to={path} className="admin-shortcut">
        <Icon name={icon} size={18} />
        <span className="admin-shortcut__text">
          <span className="admin-shortcut__label">{label}</span>
          <span className="admin-shortcut__sub">{text}</span>
        </span>
        <Icon name="chevronRight" size={16} className="admin-shortcut__chevron" />
      </Link>
    </li>
  );
}

/** Admin › Overview: where an administrator lands — what waits for them, with a way into each section. */
export default function OverviewPage() {
  const waiting = useListModelsQuery({ status: 'pending', limit: 1, skip: 0 });
  const members = useListUsersQuery({ q: '', limit: 1, skip: 0 });
  const payments = useListAdminPaymentsQuery({ status: 'all', limit: RECENT_PAYMENTS, skip: 0 });
  const failedPayments = useListAdminPaymentsQuery({ status: 'error', limit: 1, skip: 0 });
  const mail = useListOutboxQuery({ limit: MAIL_WINDOW, skip: 0 });
  const failedMail = mail.data?.items.filter((row) => row.status === 'failed').length;
  const mailLooked = mail.data?.items.length ?? 0;

  return (
    <>
      <PageHeader eyebrow="Administration" title="Overview" description="What needs you today, and the way into each part of the site." />
      <div className="admin-stats">
        <StatTile
          to="models"
          icon="shieldCheck"
          label="Models waiting for approval"
          tally={{ ...waiting, value: waiting.data?.count }}
          hint="Review their documents."
          urgent
        />
        <StatTile
          to="members"
          icon="user"
          label="Accounts"
          tally={{ ...members, value: members.data?.count }}
          hint="Members, models and administrators."
        />
        <StatTile
          to="payments"
          icon="store"
          label="Card payments"
          tally={{ ...payments, value: payments.data?.count }}
          hint={failedPayments.data ? `${count.format(failedPayments.data.count)} failed` : 'All time'}
        />
        <StatTile
          to="outbox"
          icon="mail"
          label="Failed e-mails"
          tally={{ ...mail, value: failedMail }}
          hint={mailLooked === 0 ? 'No mail sent yet.' : `Among the last ${count.format(mailLooked)} e-mails.`}
          urgent
        />
      </div>
      <div className="admin-overview__grid">
        <RecentPayments />
        <Card title="More sections">
          <ul className="admin-shortcuts">
            {SHORTCUTS.map((shortcut) => (
              <Shortcut key={shortcut.to} {...shortcut} />
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
