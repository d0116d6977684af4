import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { accountAdminRoutes, outboxRoutes, paymentRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { aModel, renderAdmin } from './harness';

const emptyOverview = () =>
  fakeApi()
    .answer(accountAdminRoutes.models, page([]))
    .answer(accountAdminRoutes.users, page([]))
    .answer(paymentRoutes.adminPayments, page([]))
    .answer(outboxRoutes.list, page([]));

it('navigates between sections with the admin navigation and marks the current one', async () => {
  emptyOverview();
  const { router } = renderAdmin('/admin/outbox');
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  expect(within(nav).getByRole('link', { name: 'Mail outbox' })).toHaveAttribute('aria-current', 'page');

  fireEvent.click(within(nav).getByRole('link', { name: 'Models' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/models'));
  expect(await screen.findByText('No models are waiting for review')).toBeVisible();
  expect(within(nav).getByRole('link', { name: 'Models' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
});

it('opens on the overview: what waits, counted by the admin routes, each linking to its section', async () => {
  const api = fakeApi()
    .answer(accountAdminRoutes.models, page([aModel()], 3))
    .answer(accountAdminRoutes.users, page([], 1250))
    .answer(paymentRoutes.adminPayments, page([]))
    .answer(outboxRoutes.list, page([]));
  const { router } = renderAdmin('/admin');

  // Each section is a chunk of its own: the overview arrives a moment after the frame.
  expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const waiting = await screen.findByRole('link', { name: /^3\s*Models waiting for approval/ });
  expect(await screen.findByRole('link', { name: /^1,250\s*Accounts/ })).toBeVisible();
  expect(await screen.findByText('No payments yet')).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.models)[0]!.query.get('status')).toBe('pending');

  fireEvent.click(waiting);
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/models'));
});

it('answers an unknown admin address with a way back', async () => {
  emptyOverview();
  const { router } = renderAdmin('/admin/nowhere');

  expect(screen.getByText('No such admin page')).toBeVisible();
  fireEvent.click(screen.getByRole('link', { name: 'Go to the overview' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
});
