import { screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, itemsRoutes, walletRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import HomePage from '../pages/HomePage';

/** A model's dashboard with nothing earned and nobody waiting; `storeItems` on sale. */
function dashboardServer(storeItems: number) {
  return fakeApi()
    .answer(walletRoutes.earnings, {
      items: [],
      count: 0,
      totals: { gross: 0, commission: 0, net: 0 },
      bySource: {
        message: { gross: 0, commission: 0, net: 0 },
        tip: { gross: 0, commission: 0, net: 0 },
        item: { gross: 0, commission: 0, net: 0 },
        call: { gross: 0, commission: 0, net: 0 },
      },
      byPeriod: [],
    })
    .answer(conversationRoutes.list, page([]))
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(itemsRoutes.mine, page([], storeItems));
}

const approvedModel = buildMe({ type: 'model', modelStatus: 'approved', name: 'Luna Star', tokenPerMessage: 0, callRate: 0 });
const steps = () => within(screen.getByRole('region', { name: 'Finish setting up' }));

it('walks a newly approved creator through photo, bio, price, calls and store, each to the page that does it', async () => {
  dashboardServer(0);
  renderApp([{ path: '/', Component: HomePage }], { me: approvedModel });

  const card = await screen.findByRole('region', { name: 'Finish setting up' });
  await waitFor(() => expect(card).toHaveTextContent('1 of 6 done'));
  expect(steps().getByRole('heading', { name: /^Verify your identity\s*\(done\)$/ })).toBeVisible();
  for (const [action, to] of [
    ['Add a photo', '/account/profile'],
    ['Write a bio', '/account/profile'],
    ['Set a price', '/account/profile'],
    ['Set up calls', '/calls/settings'],
    ['Open My store', '/store'],
  ] as const) {
    expect(steps().getByRole('link', { name: action })).toHaveAttribute('href', to);
  }
  expect(screen.getByText('You have 5 things left to set up.')).toBeVisible();
});

it('ticks what is done, and leaves the card once everything is', async () => {
  dashboardServer(3);
  const done = buildMe({
    ...approvedModel,
    avatarUrl: '/api/files/a.jpg',
    bio: 'Singer and storyteller.',
    tokenPerMessage: 2,
    callRate: 3,
    callAvailable: true,
  });
  renderApp([{ path: '/', Component: HomePage }], { me: done });
  await screen.findByRole('heading', { name: 'Welcome back, Luna' });
  await waitFor(() => expect(screen.getByText('Your earnings, the people waiting for an answer, and your prices.')).toBeVisible());
  expect(screen.queryByRole('region', { name: 'Finish setting up' })).not.toBeInTheDocument();
});

it('a creator taking calls without a rate still has calls to set up; a brand-new account is welcomed, not welcomed back', async () => {
  dashboardServer(1);
  const fresh = buildMe({ ...approvedModel, callAvailable: true, callRate: 0, createdAt: new Date().toISOString() });
  renderApp([{ path: '/', Component: HomePage }], { me: fresh });
  expect(await screen.findByRole('heading', { name: 'Welcome, Luna' })).toBeVisible();
  const card = await screen.findByRole('region', { name: 'Finish setting up' });
  await waitFor(() => expect(card).toHaveTextContent('2 of 6 done'));
  expect(steps().getByRole('heading', { name: 'Take calls' })).toBeVisible();
  expect(steps().getByRole('heading', { name: /^Put something in your store\s*\(done\)$/ })).toBeVisible();
});
