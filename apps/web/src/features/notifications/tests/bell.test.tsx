import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { sockets } from '../../../../test/fakeSocket';
import { aNotification, fakeServer, list, renderNotifications } from './harness';

vi.mock('socket.io-client', () => import('../../../../test/fakeSocket'));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearBrowserSession();
  sockets.length = 0;
});

it("shows the unread count and follows 'notification:created' and 'notification:read' from the socket", async () => {
  fakeServer().on('GET', '/api/notifications/unread/count', { body: { count: 3 } });
  renderNotifications('/');
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
  await waitFor(() => expect(sockets).toHaveLength(1));

  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens' });
  act(() => sockets[0]!.receive('notification:created', { notification: tip, unreadCount: 4 }));
  // RTK Query batches its cache notifications to the next frame.
  expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeVisible();
  expect(await screen.findByText('Ruby tipped you 5.00 tokens')).toBeVisible();

  // Read in another tab: the count is the server's.
  act(() => sockets[0]!.receive('notification:read', { ids: [tip._id], unreadCount: 3 }));
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();
  act(() => sockets[0]!.receive('notification:read', { ids: 'all', unreadCount: 0 }));
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
});

it('opens the latest unread ones; opening one marks it read and follows its link; Escape closes', async () => {
  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens', link: '/earnings' });
  const contact = aNotification({ type: 'contact', text: 'Ivy added you to her contacts', link: null });
  const server = fakeServer()
    .on('GET', '/api/notifications/unread/count', { body: { count: 2 } })
    .on('GET', '/api/notifications/unread/list', list([tip, contact]))
    .on('PUT', `/api/notifications/read/${tip._id}`, { body: { ...tip, read: true } });
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
  expect(server.callsTo('GET', '/api/notifications/unread/list')[0]!.query.get('limit')).toBe('5');
  expect(within(panel).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');

  fireEvent.keyDown(within(panel).getByRole('link', { name: 'See all' }), { key: 'Escape' });
  expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  expect(bell).toHaveFocus();

  fireEvent.click(bell);
  fireEvent.click(await screen.findByRole('link', { name: /Ruby tipped you 5\.00 tokens/ }));
  expect(await screen.findByText('Earnings page')).toBeVisible();
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  expect(screen.queryByRole('region', { name: 'Latest notifications' })).not.toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('PUT', `/api/notifications/read/${tip._id}`)).toHaveLength(1));
});

it('marks all as read from the panel, then shows the recent ones', async () => {
  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens' });
  const server = fakeServer()
    .on('GET', '/api/notifications/unread/count', { body: { count: 1 } })
    .on('GET', '/api/notifications/unread/list', list([tip]))
    .on('GET', '/api/notifications', list([{ ...tip, read: true }]))
    .on('PUT', '/api/notifications/read/all', { body: { updated: 1, count: 0 } });
  renderNotifications('/');
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
  const panel = await screen.findByRole('region', { name: 'Latest notifications' });
  await within(panel).findByText(/Ruby tipped you/);

  fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  expect(await within(panel).findByText('You are all caught up. Recent:')).toBeVisible();
  expect(within(panel).getByRole('list', { name: 'Recent notifications' })).toBeVisible();
  expect(server.callsTo('PUT', '/api/notifications/read/all')).toHaveLength(1);
  expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});

it('fetches the count again once the socket connects, and after the link comes back', async () => {
  let count = 2;
  const server = fakeServer().on('GET', '/api/notifications/unread/count', () => ({ body: { count } }));
  renderNotifications('/');
  await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  await waitFor(() => expect(sockets).toHaveLength(1));

  // A notification that came while the socket was still connecting was never pushed to this page.
  count = 3;
  act(() => sockets[0]!.receive('connect'));
  expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeVisible();

  act(() => sockets[0]!.receive('disconnect'));
  count = 5;
  act(() => sockets[0]!.receive('connect'));
  expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeVisible();
  expect(server.callsTo('GET', '/api/notifications/unread/count')).toHaveLength(3);
});

it("fetches the count again when the server says events may have been lost ('link:resync'), a moment later rather than at once", async () => {
  let count = 1;
  const server = fakeServer().on('GET', '/api/notifications/unread/count', () => ({ body: { count } }));
  renderNotifications('/');
  await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  await waitFor(() => expect(sockets).toHaveLength(1));
  act(() => sockets[0]!.receive('connect'));
  await waitFor(() => expect(server.callsTo('GET', '/api/notifications/unread/count')).toHaveLength(2));

  // The link stayed up, but a notification sent meanwhile never reached it.
  count = 2;
  vi.spyOn(Math, 'random').mockReturnValue(0.25); // this tab's moment: a quarter into the 2 s spread
  act(() => sockets[0]!.receive('link:resync', { reason: 'fan-out-restored' }));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(server.callsTo('GET', '/api/notifications/unread/count')).toHaveLength(2);
  await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 3_000 });
  expect(server.callsTo('GET', '/api/notifications/unread/count')).toHaveLength(3);
});
