import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { aModel, fakeServer, list, renderAdmin } from './harness';

afterEach(() => vi.unstubAllGlobals());

const emptyOverview = () =>
  fakeServer()
    .on('GET', '/api/admin/models', () => list([]))
    .on('GET', '/api/admin/users', () => list([]))
    .on('GET', '/api/admin/payments', () => list([]))
    .on('GET', '/api/admin/outbox', () => list([]));

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
  const server = fakeServer()
    .on('GET', '/api/admin/models', () => list([aModel()], 3))
    .on('GET', '/api/admin/users', () => list([], 1250))
    .on('GET', '/api/admin/payments', () => list([]))
    .on('GET', '/api/admin/outbox', () => list([]));
  const { router } = renderAdmin('/admin');

  expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const waiting = await screen.findByRole('link', { name: /^3\s*Models waiting for approval/ });
  expect(await screen.findByRole('link', { name: /^1,250\s*Accounts/ })).toBeVisible();
  expect(await screen.findByText('No payments yet')).toBeVisible();
  expect(server.callsTo('GET', '/api/admin/models')[0]!.query.get('status')).toBe('pending');

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
