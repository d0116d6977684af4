import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatUsd, STATS_PERIODS, type AdminPayment, type StatsPeriod } from '@cc/contracts';
import { PaymentStatusBadge } from '../../../../shared/money';
import { formatTokens } from '../../../../shared/format';
import { Card, EmptyState, Icon, ListError, PageHeader, RelativeTime, Skeleton, type IconName } from '../../../../shared/ui';
import { useListAdminPaymentsQuery } from '../../money/api/adminWalletApi';
import { useListModelsQuery, useListUsersQuery } from '../../people/api/adminPeopleApi';
import { useListOutboxQuery } from '../../site/api/adminSiteApi';
import { useGetAdminStatsQuery, type AdminStatsAnswer } from '../api/adminStatsApi';
import { FilterTabs } from '../../shared/components/FilterTabs';
import { useAdminPath } from '../../shared/hooks/adminBase';
import './OverviewPage.css';

// recharts is most of the admin code's weight: it loads after the totals, in a chunk of its own.
const DashboardCharts = lazy(() => import('../components/DashboardCharts'));

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

// ---- the period and its numbers -----------------------------------------------------------------

const PERIODS: readonly { value: StatsPeriod; label: string; phrase: string }[] = [
  { value: '7d', label: '7 days', phrase: 'the last 7 days' },
  { value: '30d', label: '30 days', phrase: 'the last 30 days' },
  { value: '90d', label: '90 days', phrase: 'the last 90 days' },
  { value: '12m', label: '12 months', phrase: 'the last 12 months' },
];
const DEFAULT_PERIOD: StatsPeriod = '30d';

/** The period in the address (`?period=7d`), so a reload or a shared link shows the same view. */
function usePeriod(): [StatsPeriod, (period: StatsPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = (STATS_PERIODS as readonly string[]).includes(asked ?? '') ? (asked as StatsPeriod) : DEFAULT_PERIOD;
  const choose = (next: StatsPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_PERIOD) updated.delete('period');
        else updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  return [period, choose];
}

const tokens = (value: number) => formatTokens(value);
const counted = (value: number) => count.format(value);

/** A number of the period, without a link: the totals row. */
function TotalTile({
  icon,
  label,
  value,
  hint,
  loading,
}: {
  icon: IconName;
  label: string;
  value?: string;
  hint: string;
  loading: boolean;
}) {
  return (
    <div className="admin-stat admin-stat--total">
      <span className="admin-stat__icon" aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <span className="admin-stat__value">{loading ? <Skeleton width={72} height={30} /> : (value ?? '—')}</span>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__hint">{hint}</span>
    </div>
  );
}

function Totals({ stats, loading, phrase }: { stats?: AdminStatsAnswer; loading: boolean; phrase: string }) {
  const t = stats?.totals;
  const tiles: { icon: IconName; label: string; value?: string; hint: string }[] = [
    { icon: 'users', label: 'Members', value: t && counted(t.members), hint: 'All accounts but administrators.' },
    { icon: 'star', label: 'Models', value: t && counted(t.models), hint: 'Approved models.' },
    { icon: 'circle', label: 'Online now', value: t && counted(t.onlineNow), hint: 'Members with the site open.' },
    { icon: 'store', label: 'Revenue', value: t && formatUsd(t.revenueCents), hint: `Card payments, ${phrase}.` },
    { icon: 'coin', label: 'Tokens sold', value: t && tokens(t.tokensSold), hint: `Bought by members, ${phrase}.` },
    { icon: 'bag', label: 'Tokens spent', value: t && tokens(t.tokensSpent), hint: 'On messages, items, tips and calls.' },
    { icon: 'chat', label: 'Messages', value: t && counted(t.messages), hint: `Sent, ${phrase}.` },
    { icon: 'phone', label: 'Calls', value: t && counted(t.calls), hint: `Placed, ${phrase}.` },
    { icon: 'arrowRight', label: 'Payouts paid', value: t && tokens(t.payoutsPaid), hint: `Tokens paid to models, ${phrase}.` },
  ];
  return (
    <section className="admin-dashboard__section" aria-labelledby="admin-totals-heading">
      <h2 id="admin-totals-heading" className="admin-dashboard__heading">
        Totals
      </h2>
      <div className="admin-totals" aria-busy={loading || undefined}>
        {tiles.map((tile) => (
          <TotalTile key={tile.label} {...tile} loading={loading} />
        ))}
      </div>
    </section>
  );
}

function ChartsSkeleton() {
  return (
    <div className="admin-charts" role="status" aria-label="Loading charts">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} className="admin-chart" aria-hidden="true">
          <Skeleton width={160} height={18} />
          <div className="admin-chart__skeleton">
            <Skeleton height={220} />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The period's totals and charts, with their loading and error states. */
function PeriodStats({ period }: { period: StatsPeriod }) {
  const { data, error, isLoading, isError, isFetching, refetch } = useGetAdminStatsQuery(period);
  const phrase = PERIODS.find((p) => p.value === period)!.phrase;
  if (isError) {
    return (
      <section className="admin-dashboard__section" aria-label="Statistics">
        <ListError what="statistics" error={error} onRetry={refetch} retrying={isFetching} />
      </section>
    );
  }
  // While another period loads, the previous numbers stay (RTK keeps them), dimmed.
  const stale = isFetching && !isLoading;
  return (
    <div className={stale ? 'admin-dashboard__stats is-stale' : 'admin-dashboard__stats'} aria-busy={isFetching || undefined}>
      <Totals stats={data} loading={isLoading} phrase={phrase} />
      {isLoading || !data ? (
        <ChartsSkeleton />
      ) : (
        <Suspense fallback={<ChartsSkeleton />}>
          <DashboardCharts stats={data} phrase={phrase} />
        </Suspense>
      )}
    </div>
  );
}

/** Admin › Dashboard: what waits for the administrator, then the site's numbers over a period, as totals and charts. */
export default function OverviewPage() {
  const [period, setPeriod] = usePeriod();
  const waiting = useListModelsQuery({ status: 'pending', limit: 1, skip: 0 });
  const members = useListUsersQuery({ q: '', limit: 1, skip: 0 });
  const payments = useListAdminPaymentsQuery({ status: 'all', limit: RECENT_PAYMENTS, skip: 0 });
  const failedPayments = useListAdminPaymentsQuery({ status: 'error', limit: 1, skip: 0 });
  const mail = useListOutboxQuery({ limit: MAIL_WINDOW, skip: 0 });
  const failedMail = mail.data?.items.filter((row) => row.status === 'failed').length;
  const mailLooked = mail.data?.items.length ?? 0;

  return (
    <>
      <PageHeader
        eyebrow="Administration"
        title="Overview"
        description="What needs you today, and how the site is doing."
        actions={<FilterTabs label="Period" options={PERIODS} value={period} onChange={setPeriod} />}
      />
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
      <PeriodStats period={period} />
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
