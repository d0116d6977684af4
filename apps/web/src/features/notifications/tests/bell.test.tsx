import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { notificationRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aNotification, renderNotifications } from './harness';

// One test fixes Math.random.
afterEach(() => {
  vi.restoreAllMocks();
});

it("shows the unread count and follows 'notification:created' and 'notification:read' from the socket", async () => {
  fakeApi().answer(notificationRoutes.unreadCount, { count: 3 });
  const { live } = renderNotifications('/');
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();

  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens' });
  live.receive('notification:created', { notification: tip, unreadCount: 4 });
  // RTK Query batches its cache notifications to the next frame.
  expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeVisible();
  expect(await screen.findByText('Ruby tipped you 5.00 tokens')).toBeVisible();

  // Read in another tab: the count is the server's.
  live.receive('notification:read', { ids: [tip._id], unreadCount: 3 });
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
  live.receive('notification:read', { ids: 'all', unreadCount: 0 });
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
});

it('opens the latest unread ones; opening one marks it read and follows its link; Escape closes', async () => {
  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens', link: '/earnings' });
  const contact = aNotification({ type: 'contact', text: 'Ivy added you to her contacts', link: null });
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 2 })
    .answer(notificationRoutes.unreadList, page([tip, contact]))
    .answer(notificationRoutes.read, { ...tip, read: true });
  renderNotifications('/');
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });

  fireEvent.click(bell);
  const panel = await screen.findByRole('region', { name: 'Latest notifications' });
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  const items = await within(panel).findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringContaining('Ruby tipped you'),
    expect.stringContaining('Ivy added you'),
  ]);
  expect(api.requestsTo(notificationRoutes.unreadList)[0]!.query.get('limit')).toBe('5');
  expect(within(panel).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');

  fireEvent.keyDown(within(panel).getByRole('link', { name: 'See all' }), { key: 'Escape' });
  expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  expect(bell).toHaveFocus();

  fireEvent.click(bell);
  fireEvent.click(await screen.findByRole('link', { name: /Ruby tipped you 5\.00 tokens/ }));
  expect(await screen.findByText('Earnings page')).toBeVisible();
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  await waitFor(() => expect(api.requestsTo(notificationRoutes.read).map((request) => request.params.id)).toEqual([tip._id]));
});

it('marks all as read from the panel, then shows the recent ones', async () => {
  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens' });
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 1 })
    .answer(notificationRoutes.unreadList, page([tip]))
    .answer(notificationRoutes.list, page([{ ...tip, read: true }]))
    .answer(notificationRoutes.readAll, { updated: 1, count: 0 });
  renderNotifications('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const panel = await screen.findByRole('region', { name: 'Latest notifications' });
  await within(panel).findByText(/Ruby tipped you/);

  fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  expect(await within(panel).findByText('You are all caught up. Recent:')).toBeVisible();
  expect(within(panel).getByRole('list', { name: 'Recent notifications' })).toBeVisible();
  expect(api.requestsTo(notificationRoutes.readAll)).toHaveLength(1);
  expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

it('fetches the count again once the socket connects, and after the link comes back', async () => {
  let count = 2;
  const api = fakeApi().answer(notificationRoutes.unreadCount, () => ({ count }));
  const { live } = renderNotifications('/');
  await screen.findByRole('button', { name: 'Notifications, 2 unread' });

  // A notification that came while the socket was still connecting was never pushed to this page.
  count = 3;
  live.receive('connect');
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();

  live.receive('disconnect');
  count = 5;
  live.receive('connect');
  expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeVisible();
  expect(api.requestsTo(notificationRoutes.unreadCount)).toHaveLength(3);
});

it("fetches the count again when the server says events may have been lost ('link:resync'), a moment later rather than at once", async () => {
  let count = 1;
  const api = fakeApi().answer(notificationRoutes.unreadCount, () => ({ count }));
  const { live } = renderNotifications('/');
  await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  live.receive('connect');
  await waitFor(() => expect(api.requestsTo(notificationRoutes.unreadCount)).toHaveLength(2));

  // The link stayed up, but a notification sent meanwhile never reached it.
  count = 2;
  vi.spyOn(Math, 'random').mockReturnValue(0.25); // this tab's moment: a quarter into the 2 s spread
  live.receive('link:resync', { reason: 'fan-out-restored' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(api.requestsTo(notificationRoutes.unreadCount)).toHaveLength(2);
  await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 3_000 });
  expect(api.requestsTo(notificationRoutes.unreadCount)).toHaveLength(3);
});
