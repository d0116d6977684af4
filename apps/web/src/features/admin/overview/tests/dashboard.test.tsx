import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { accountAdminRoutes, adminStatsRoutes, outboxRoutes, paymentRoutes, type AdminStats, type StatsPeriod } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';

/** jsdom lays nothing out: the charts' container is told a size instead (recharts' own tests do the same). */
class FixedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const rect = { width: 600, height: 240, top: 0, left: 0, bottom: 240, right: 600, x: 0, y: 0 } as DOMRectReadOnly;
    this.callback([{ target, contentRect: rect } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', FixedResizeObserver));

const zero = { members: 0, models: 0, revenueCents: 0, tokensSold: 0, tokensSpent: 0, messages: 0, calls: 0, payoutsPaid: 0 };

function someStats(period: StatsPeriod = '30d', overrides: Partial<AdminStats['totals']> = {}): AdminStats {
  const byMonth = period === '12m';
  const length = { '7d': 7, '30d': 30, '90d': 90, '12m': 12 }[period];
  const series = Array.from({ length }, (_, i) => ({
    ...zero,
    start: byMonth ? new Date(Date.UTC(2026, i, 1)).toISOString() : new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
  }));
  series[length - 1] = {
    ...series[length - 1]!,
    members: 3,
    models: 1,
    revenueCents: 1998,
    tokensSold: 200,
    tokensSpent: 12.5,
    messages: 40,
    calls: 2,
  };
  return {
    period,
    bucket: byMonth ? 'month' : 'day',
    from: series[0]!.start,
    to: series[length - 1]!.start,
    totals: {
      members: 1284,
      models: 37,
      onlineNow: 9,
      revenueCents: 123_456,
      tokensSold: 12_000,
      tokensSpent: 4_321.5,
      messages: 5_678,
      calls: 42,
      payoutsPaid: 2_500,
      ...overrides,
    },
    series,
  };
}

const overview = () =>
  fakeApi()
    .answer(accountAdminRoutes.models, page([]))
    .answer(accountAdminRoutes.users, page([]))
    .answer(paymentRoutes.adminPayments, page([]))
    .answer(outboxRoutes.list, page([]));

it('shows the totals of the period and a chart per subject, each told as a table', async () => {
  overview().answer(adminStatsRoutes.get, ({ query }) => someStats((query.get('period') ?? '30d') as StatsPeriod));
  renderAdmin('/admin');

  const totals = await screen.findByRole('region', { name: 'Totals' });
  await waitFor(() => expect(within(totals).getByText('1,284')).toBeVisible());
  expect(within(totals).getByText('37')).toBeVisible();
  expect(within(totals).getByText('9')).toBeVisible();
  expect(within(totals).getByText('$1,234.56')).toBeVisible();
  expect(within(totals).getByText('12,000.00')).toBeVisible();
  expect(within(totals).getByText('4,321.50')).toBeVisible();
  expect(within(totals).getByText('5,678')).toBeVisible();
  expect(within(totals).getByText('2,500.00')).toBeVisible();

  // The charts arrive in a chunk of their own, after the totals: the first import of the chart
  // library in a test process takes seconds on a busy machine.
  await screen.findByRole('heading', { name: 'Members and models', level: 2 }, { timeout: 20_000 });
  for (const title of ['Members and models', 'Revenue', 'Tokens sold and spent', 'Messages and calls', 'Payouts paid']) {
    expect(screen.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    expect(screen.getByRole('table', { name: title })).toBeVisible();
  }
  const revenue = screen.getByRole('table', { name: 'Revenue' });
  expect(within(revenue).getAllByRole('row')).toHaveLength(31);
  expect(within(revenue).getByText('$19.98')).toBeVisible();
  expect(within(screen.getByRole('table', { name: 'Tokens sold and spent' })).getByText('12.50')).toBeVisible();
  expect(screen.getByText('$1,234.56 from card payments, the last 30 days.')).toBeVisible();
}, 30_000);

it('asks for the period chosen and keeps it in the address', async () => {
  const api = overview().answer(adminStatsRoutes.get, ({ query }) => someStats((query.get('period') ?? '30d') as StatsPeriod));
  const { router } = renderAdmin('/admin');
  await screen.findByText('1,284');
  expect(api.requestsTo(adminStatsRoutes.get).at(-1)!.query.get('period')).toBe('30d');
  const picker = screen.getByRole('group', { name: 'Period' });
  expect(within(picker).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

  fireEvent.click(within(picker).getByRole('button', { name: '12 months' }));
  await waitFor(() => expect(api.requestsTo(adminStatsRoutes.get).at(-1)!.query.get('period')).toBe('12m'));
  expect(router.state.location.search).toBe('?period=12m');
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Revenue' })).getAllByRole('row')).toHaveLength(13));
  expect(within(picker).getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
});

it('opens on the period named in the address', async () => {
  const api = overview().answer(adminStatsRoutes.get, ({ query }) => someStats((query.get('period') ?? '30d') as StatsPeriod));
  renderAdmin('/admin?period=7d');
  await screen.findByText('1,284');
  expect(api.requestsTo(adminStatsRoutes.get).map((c) => c.query.get('period'))).toEqual(['7d']);
  expect(within(screen.getByRole('table', { name: 'Messages and calls' })).getAllByRole('row')).toHaveLength(8);
});

it('says when the numbers could not be loaded, and tries again', async () => {
  let fail = true;
  overview().answer(adminStatsRoutes.get, () => (fail ? refusal(500, 'The database is resting') : someStats()));
  renderAdmin('/admin');

  expect(await screen.findByText(/The database is resting/)).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
  expect(await screen.findByText('1,284')).toBeVisible();
});
