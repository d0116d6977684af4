import { formatUsd } from '@cc/contracts';
import { formatTokens } from '../../../../shared/format';
import type { AdminStatsAnswer } from '../api/adminStatsApi';
import { StatsChart, type ChartRow } from './StatsChart';

const count = new Intl.NumberFormat('en-US');
const counted = (value: number) => count.format(value);
const plural = (n: number, one: string) => `${count.format(n)} ${n === 1 ? one : `${one}s`}`;
const tokens = (value: number) => formatTokens(value);
const usd = (value: number) => formatUsd(Math.round(value * 100));
const dollarsTick = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

type SeriesKey = Exclude<keyof AdminStatsAnswer['series'][number], 'start'> | 'revenue';

/** Buckets labelled for the axis ("Nov 29", "Nov") and in full for the tooltip and the table, in UTC like the server. */
function chartRows(stats: AdminStatsAnswer): ChartRow<SeriesKey>[] {
  const byDay = stats.bucket === 'day';
  const short = new Intl.DateTimeFormat(
    'en-US',
    byDay ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { month: 'short', timeZone: 'UTC' },
  );
  const full = new Intl.DateTimeFormat(
    'en-US',
    byDay
      ? { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
  return stats.series.map(({ start, ...values }) => ({
    ...values,
    revenue: values.revenueCents / 100,
    label: short.format(new Date(start)),
    fullLabel: full.format(new Date(start)),
  }));
}

/** The dashboard's charts over the period (recharts, in a chunk of their own). */
export default function DashboardCharts({ stats, phrase }: { stats: AdminStatsAnswer; phrase: string }) {
  const rows = chartRows(stats);
  const t = stats.totals;
  const newMembers = stats.series.reduce((n, b) => n + b.members, 0);
  const newModels = stats.series.reduce((n, b) => n + b.models, 0);
  return (
    <div className="admin-charts">
      <StatsChart
        title="Members and models"
        summary={`${plural(newMembers, 'sign-up')}, ${plural(newModels, 'approved model')} among them, ${phrase}.`}
        kind="line"
        rows={rows}
        series={[
          { key: 'members', name: 'New members', color: 'var(--color-accent)' },
          { key: 'models', name: 'New models', color: 'var(--color-warning)' },
        ]}
        format={counted}
      />
      <StatsChart
        title="Revenue"
        summary={`${formatUsd(t.revenueCents)} from card payments, ${phrase}.`}
        kind="bar"
        rows={rows}
        series={[{ key: 'revenue', name: 'Revenue (USD)', color: 'var(--color-success)' }]}
        format={usd}
        tick={(value) => dollarsTick.format(value)}
      />
      <StatsChart
        title="Tokens sold and spent"
        summary={`${tokens(t.tokensSold)} sold and ${tokens(t.tokensSpent)} spent, ${phrase}.`}
        kind="area"
        rows={rows}
        series={[
          { key: 'tokensSold', name: 'Sold', color: 'var(--color-accent)' },
          { key: 'tokensSpent', name: 'Spent', color: 'var(--color-info)' },
        ]}
        format={tokens}
      />
      <StatsChart
        title="Messages and calls"
        summary={`${counted(t.messages)} messages and ${counted(t.calls)} calls, ${phrase}.`}
        kind="line"
        rows={rows}
        series={[
          { key: 'messages', name: 'Messages', color: 'var(--color-accent)' },
          { key: 'calls', name: 'Calls', color: 'var(--color-danger)' },
        ]}
        format={counted}
      />
      <StatsChart
        title="Payouts paid"
        summary={`${tokens(t.payoutsPaid)} tokens paid out to models, ${phrase}.`}
        kind="bar"
        rows={rows}
        series={[{ key: 'payoutsPaid', name: 'Paid out (tokens)', color: 'var(--color-warning)' }]}
        format={tokens}
      />
    </div>
  );
}
