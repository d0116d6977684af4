import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { adminEarningRoutes, outboxRoutes, type AdminEarningRow } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';

let serial = 0;
function anEarning(overrides: Partial<AdminEarningRow> = {}): AdminEarningRow {
  return {
    _id: `eeeeeeee-0000-4000-8000-${String(++serial).padStart(12, '0')}`,
    source: 'tip',
    gross: 1250.5,
    commission: 250.1,
    net: 1000.4,
    model: { _id: 'm-1', username: 'mia_store', name: 'Mia Maker' },
    payer: { _id: 'p-1', username: 'pat_pays', name: 'Paying Pat' },
    note: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const TOTALS = { gross: 1300.5, commission: 260.1, net: 1040.4 };

/** The server's earnings with fixed totals; every request is recorded. */
function earningsDesk(rows: AdminEarningRow[], totals = TOTALS) {
  return fakeApi().answer(adminEarningRoutes.list, ({ query }) => {
    const source = query.get('source');
    const items = rows.filter((row) => !source || row.source === source);
    return { ...page(items), totals };
  });
}

it('is in the admin navigation and shows the totals, then each sale with model, payer and amounts in tokens', async () => {
  const api = earningsDesk([
    anEarning({ note: 'Thanks!' }),
    anEarning({ source: 'item', gross: -40, commission: -8, net: -32, model: { _id: 'm-2', username: 'bella', name: 'Bella Stone' } }),
    anEarning({ source: 'call', payer: null }),
  ]);
  api.answer(outboxRoutes.list, page([]));
  const { router } = renderAdmin('/admin/outbox');
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: 'Earnings' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/earnings'));
  expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

  const totals = await screen.findByRole('group', { name: 'Totals of the filtered earnings' });
  await waitFor(() => expect(within(totals).getByTestId('earnings-total-gross')).toHaveTextContent(/^1,300\.50 tokens$/));
  expect(within(totals).getByTestId('earnings-total-commission')).toHaveTextContent(/^260\.10 tokens$/);
  expect(within(totals).getByTestId('earnings-total-net')).toHaveTextContent(/^1,040\.40 tokens$/);

  const rows = within(screen.getByRole('table', { name: 'Earnings' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows).toHaveLength(3);
  expect(within(rows[0]!).getByText('Mia Maker')).toBeVisible();
  expect(within(rows[0]!).getByText('@pat_pays')).toBeVisible();
  expect(within(rows[0]!).getByText('Tip')).toBeVisible();
  expect(within(rows[0]!).getByText('Thanks!')).toBeVisible();
  expect(rows[0]!).toHaveTextContent('+1,250.50');
  expect(rows[0]!).toHaveTextContent('+1,000.40');
  // A refund is a negative row, named as one.
  expect(within(rows[1]!).getByText('Item refund')).toBeVisible();
  expect(rows[1]!).toHaveTextContent('−40.00');
  expect(within(rows[2]!).getByText('Deleted account')).toBeVisible();
  expect(Object.fromEntries(api.requestsTo(adminEarningRoutes.list)[0]!.query)).toEqual({ limit: '20', skip: '0' });
});

it('sends the search, source and days to the server and keeps them in the address', async () => {
  const api = earningsDesk([anEarning(), anEarning({ source: 'call' })]);
  const { router } = renderAdmin('/admin/earnings');
  await screen.findByRole('table', { name: 'Earnings' });
  const last = () => api.requestsTo(adminEarningRoutes.list).at(-1)!.query;

  fireEvent.change(screen.getByLabelText('Search models'), { target: { value: ' mia ' } });
  await waitFor(() => expect(last().get('q')).toBe('mia'));
  fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'call' } });
  await waitFor(() => expect(last().get('source')).toBe('call'));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
  await waitFor(() => expect(last().get('to')).toBe('2026-03-31'));
  expect(Object.fromEntries(last())).toEqual({ q: 'mia', source: 'call', from: '2026-03-01', to: '2026-03-31', limit: '20', skip: '0' });
  expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
    q: 'mia',
    source: 'call',
    from: '2026-03-01',
    to: '2026-03-31',
  });

  // A backwards range says so instead of asking for nothing.
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
  expect(await screen.findByText('Pick a day on or after “From”.')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(last().toString()).toBe('limit=20&skip=0'));
  expect(router.state.location.search).toBe('');
});

it('says when nothing matches, and offers to clear the filters', async () => {
  earningsDesk([], { gross: 0, commission: 0, net: 0 });
  renderAdmin('/admin/earnings?source=item');
  const empty = (await screen.findByText('No earnings match these filters')).closest('.ui-card') as HTMLElement;
  fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
  expect(await screen.findByText('No earnings yet')).toBeVisible();
});

it('shows an error with a retry when the list cannot be read, and no stale totals', async () => {
  const api = fakeApi().refuse(adminEarningRoutes.list, 500, 'Something broke.');
  renderAdmin('/admin/earnings');
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  expect(screen.queryByTestId('earnings-total-net')).not.toBeInTheDocument();
  api.answer(adminEarningRoutes.list, { ...page([anEarning()]), totals: TOTALS });
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Mia Maker')).toBeVisible();
});
