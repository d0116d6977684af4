import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeServer, list, renderAdmin } from './harness';

afterEach(() => vi.unstubAllGlobals());

it('navigates between sections with the admin navigation and marks the current one', async () => {
  fakeServer()
    .on('GET', '/api/admin/outbox', () => list([]))
    .on('GET', '/api/admin/models', () => list([]));
  const { router } = renderAdmin('/admin/outbox');
  const nav = screen.getByRole('navigation', { name: 'Admin sections' });
  expect(within(nav).getByRole('link', { name: 'Mail outbox' }).getAttribute('aria-current')).toBe('page');

  fireEvent.click(within(nav).getByRole('link', { name: 'Models' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  expect(await screen.findByText('No models are waiting for review')).toBeTruthy();
  expect(within(nav).getByRole('link', { name: 'Models' }).getAttribute('aria-current')).toBe('page');
});

it('answers an unknown admin address with a way back', async () => {
  fakeServer().on('GET', '/api/admin/models', () => list([]));
  const { router } = renderAdmin('/admin/nowhere');

  expect(screen.getByText('No such admin page')).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'Go to Models' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
});
