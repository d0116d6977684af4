import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { systemRoutes, walletRoutes, type EarningList } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, refusal } from '../../../../test/fakeApi';
import { renderMoney } from './harness';

const model = () => buildMe({ type: 'model', username: 'ruby', name: 'Ruby Rose' });
const totals = (gross: number, commission: number, net: number) => ({ gross, commission, net });

/** `count` UTC days ending on 2026-03-04, all quiet but the ones given (net tokens by day). */
function days(count: number, nets: Record<string, number>) {
  const last = Date.UTC(2026, 2, 4);
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const net = nets[start] ?? 0;
    return { start, gross: net, commission: 0, net, count: net ? 2 : 0 };
  });
}

/** GET /earning as the server answers it: tokens on the wire. */
function anEarningList(overrides: Partial<EarningList> = {}): EarningList {
  return {
    items: [
      {
        _id: 'e1',
        source: 'tip',
        gross: 10,
        commission: 2,
        net: 8,
        payer: { _id: 'u-9', username: 'kai', name: 'Kai Fan' },
        note: 'Great show',
        createdAt: '2026-03-04T10:12:00.000Z',
      },
      {
        _id: 'e2',
        source: 'message',
        gross: 1.5,
        commission: 0.3,
        net: 1.2,
        payer: { _id: 'u-8', username: 'sam', name: 'Sam Fan' },
        note: null,
        createdAt: '2026-03-03T09:00:00.000Z',
      },
    ],
    count: 2,
    totals: totals(1_311.5, 262.3, 1_049.2),
    bySource: {
      message: totals(1.5, 0.3, 1.2),
      tip: totals(10, 2, 8),
      item: totals(1_250, 250, 1_000),
      call: totals(50, 10, 40),
    },
    byPeriod: days(30, { '2026-03-03': 1.2, '2026-03-04': 1_048 }),
    ...overrides,
  };
}

const card = (name: string) => screen.getByRole('article', { name });

it('says what the net earnings pay out at the site’s payout rate', async () => {
  fakeApi().answer(walletRoutes.earnings, anEarningList()).answer(systemRoutes.configKeys, { minPayoutTokens: 100, payoutRateCents: 8 });
  renderMoney('/earnings', model());
  const totalsGroup = await screen.findByRole('group', { name: 'Totals' });
  // 1,049.20 tokens at 8 cents a token is $83.936, rounded down to the cent.
  await waitFor(() =>
    expect(totalsGroup).toHaveTextContent(/Net earnings1,049\.20 tokensAdded to your balance, worth \$83\.93 when paid out$/),
  );
});

it('shows the totals, the totals of each source, and every earning with its commission', async () => {
  const api = fakeApi().answer(walletRoutes.earnings, anEarningList());
  renderMoney('/earnings', model());

  const totalsGroup = await screen.findByRole('group', { name: 'Totals' });
  await waitFor(() => expect(totalsGroup).toHaveTextContent('1,311.50 tokens'));
  expect(totalsGroup).toHaveTextContent(
    /^Gross1,311\.50 tokensWhat members paidSite commission262\.30 tokensKept by the siteNet earnings1,049\.20 tokensAdded to your balance$/,
  );
  expect(card('Messages')).toHaveTextContent(/^Messages1\.20 tokens1\.50 paid · 0\.30 commission$/);
  expect(card('Tips')).toHaveTextContent(/^Tips8\.00 tokens10\.00 paid · 2\.00 commission$/);
  expect(card('Items')).toHaveTextContent(/^Items1,000\.00 tokens1,250\.00 paid · 250\.00 commission$/);
  expect(card('Calls')).toHaveTextContent(/^Calls40\.00 tokens50\.00 paid · 10\.00 commission$/);

  const table = screen.getByRole('table', { name: 'Earnings' });
  const tip = within(table).getByText('Kai Fan (@kai)').closest('tr')!;
  expect(within(tip).getByText('Tip')).toBeVisible();
  expect(within(tip).getByText('Great show')).toBeVisible();
  expect(within(tip).getByText('−2.00')).toBeVisible();
  expect(within(tip).getByText('8.00')).toBeVisible();
  expect(screen.getByText('1–2 of 2')).toBeVisible();
  // The first read groups by day and asks for every source.
  const first = api.requestsTo(walletRoutes.earnings)[0]!;
  expect(first.query.get('period')).toBe('day');
  expect(first.query.has('source')).toBe(false);
  expect(screen.getByRole('link', { name: 'Request a payout' })).toHaveAttribute('href', '/payouts');
});

it('draws net earnings per period as bars, with the same numbers in a table for screen readers', async () => {
  fakeApi().answer(walletRoutes.earnings, anEarningList());
  renderMoney('/earnings', model());

  const chart = await screen.findByRole('img', { name: '1,049.20 tokens earned in the last 30 days' });
  const bars = screen.getAllByTestId('earnings-bar');
  expect(bars).toHaveLength(30);
  expect(bars.slice(-3).map((bar) => bar.getAttribute('data-net'))).toEqual(['0', '1.2', '1048']);
  // The axis runs from 0 to a round number above the tallest bar.
  expect(Array.from(document.querySelectorAll('.earnings-bars__tick'), (tick) => tick.textContent)).toEqual(['0', '500', '1,000', '1,500']);
  expect(chart.closest('figure')!.querySelector('.earnings-bars__axis-title--x')!).toHaveTextContent(/^Day$/);

  const table = screen.getByRole('table', { name: 'Net earnings by day' });
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(31);
  expect(rows.at(-1)!).toHaveTextContent(/^Wed, March 4, 20261,048\.002$/);
  expect(rows.at(-2)!).toHaveTextContent(/^Tue, March 3, 20261\.202$/);

  // Keyboard: focusing the plot shows the latest period; the arrows step through the others.
  const plot = chart.closest('.earnings-bars__plot') as HTMLElement;
  fireEvent.focus(plot);
  expect(plot.querySelector('.earnings-bars__tooltip')!).toHaveTextContent(/^Wed, March 4, 20261,048\.00 tokens2 sales$/);
  fireEvent.keyDown(plot, { key: 'ArrowLeft' });
  expect(plot.querySelector('.earnings-bars__tooltip')!).toHaveTextContent(/^Tue, March 3, 20261\.20 tokens2 sales$/);
  fireEvent.keyDown(plot, { key: 'Home' });
  expect(plot.querySelector('.earnings-bars__tooltip')!).toHaveTextContent(/^Tue, February 3, 20260\.00 tokens0 sales$/);
});

it('groups the chart by week or month when asked, and keeps the choice in the address', async () => {
  const weeks = [
    { start: '2026-02-23', gross: 5, commission: 1, net: 4, count: 1 },
    { start: '2026-03-02', gross: 25, commission: 5, net: 20, count: 3 },
  ];
  const months = [{ start: '2026-03-01', gross: 30, commission: 6, net: 24, count: 4 }];
  const api = fakeApi().answer(walletRoutes.earnings, ({ query }) =>
    anEarningList({ byPeriod: query.get('period') === 'week' ? weeks : query.get('period') === 'month' ? months : days(30, {}) }),
  );
  const { router } = renderMoney('/earnings', model());
  expect(await screen.findByText('No earnings in the last 30 days')).toBeVisible();

  const picker = screen.getByRole('group', { name: 'Group earnings by' });
  fireEvent.click(within(picker).getByRole('button', { name: 'Week' }));
  expect(await screen.findByRole('img', { name: '24.00 tokens earned in the last 2 weeks' })).toBeVisible();
  expect(within(picker).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  const weekTable = screen.getByRole('table', { name: 'Net earnings by week' });
  expect(
    within(weekTable)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['Week startingNet tokensSales', 'Week of February 23, 20264.001', 'Week of March 2, 202620.003']);
  expect(router.state.location.search).toBe('?period=week');
  expect(api.requestsTo(walletRoutes.earnings).at(-1)!.query.get('period')).toBe('week');

  fireEvent.click(within(picker).getByRole('button', { name: 'Month' }));
  expect(await screen.findByRole('img', { name: '24.00 tokens earned in the last month' })).toBeVisible();
  expect(within(screen.getByRole('table', { name: 'Net earnings by month' })).getByText('March 2026')).toBeVisible();
});

it('narrows the table to one source and starts it again at the first page, while the totals stay whole', async () => {
  const onlyTips = anEarningList({ items: [anEarningList().items[0]!], count: 1 });
  const api = fakeApi().answer(walletRoutes.earnings, ({ query }) =>
    query.get('source') === 'tip'
      ? onlyTips
      : query.get('source') === 'call'
        ? anEarningList({ items: [], count: 0 })
        : anEarningList({ count: 41 }),
  );
  const { router } = renderMoney('/earnings?page=2', model());
  await screen.findByText('21–40 of 41');

  const filter = screen.getByRole('group', { name: 'Show earnings from' });
  fireEvent.click(within(filter).getByRole('button', { name: 'Tips' }));
  expect(await screen.findByText('1–1 of 1')).toBeVisible();
  const last = api.requestsTo(walletRoutes.earnings).at(-1)!;
  expect(last.query.get('source')).toBe('tip');
  expect(last.query.get('skip')).toBe('0');
  expect(router.state.location.search).toBe('?source=tip');
  expect(screen.queryByText('Sam Fan (@sam)')).not.toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent('1,311.50 tokens');

  fireEvent.click(within(filter).getByRole('button', { name: 'Calls' }));
  expect(await screen.findByText('No earnings from calls yet')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Show all earnings' }));
  expect(await screen.findByText('1–20 of 41')).toBeVisible();
  expect(router.state.location.search).toBe('');
});

it('on a failed load resets the figures and the list to empty with a total of 0, and offers to try again', async () => {
  let fail = false;
  fakeApi().answer(walletRoutes.earnings, () => (fail ? refusal(500, 'The server had a problem.') : anEarningList()));
  renderMoney('/earnings', model());
  await screen.findByText('Kai Fan (@kai)');

  // Another period fails to load: nothing from the earlier answer stays on screen.
  fail = true;
  fireEvent.click(within(screen.getByRole('group', { name: 'Group earnings by' })).getByRole('button', { name: 'Month' }));
  expect(await screen.findByText('Could not load your earnings')).toBeVisible();
  expect(screen.getByText('The server had a problem.')).toBeVisible();
  expect(screen.queryByText('Kai Fan (@kai)')).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Earnings' })).not.toBeInTheDocument();
  expect(screen.getByText('No results')).toBeVisible();
  expect(screen.queryByRole('img', { name: /tokens earned/ })).not.toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Totals' })).toHaveTextContent(
    /^Gross0\.00 tokensWhat members paidSite commission0\.00 tokensKept by the siteNet earnings0\.00 tokensAdded to your balance$/,
  );
  expect(card('Items')).toHaveTextContent(/^Items0\.00 tokens0\.00 paid · 0\.00 commission$/);

  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Kai Fan (@kai)')).toBeVisible();
  expect(screen.queryByText('Could not load your earnings')).not.toBeInTheDocument();
});

it('says what earns money when there are no earnings yet', async () => {
  fakeApi().answer(
    walletRoutes.earnings,
    anEarningList({
      items: [],
      count: 0,
      totals: totals(0, 0, 0),
      bySource: { message: totals(0, 0, 0), tip: totals(0, 0, 0), item: totals(0, 0, 0), call: totals(0, 0, 0) },
      byPeriod: days(30, {}),
    }),
  );
  renderMoney('/earnings', model());
  const empty = (await screen.findByText('No earnings yet')).closest('.ui-empty') as HTMLElement;
  expect(within(empty).getByRole('link', { name: 'Set my price' })).toHaveAttribute('href', '/account/profile');
  expect(screen.getByRole('img', { name: '0.00 tokens earned in the last 30 days' })).toBeVisible();
});
