import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { notificationRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aNotification, renderNotifications } from './harness';

const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

it('lists notifications newest first with their kind, relative time (exact on hover) and unread ones highlighted', async () => {
  const tip = aNotification({
    type: 'tip',
    text: 'Ruby tipped you 5.00 tokens',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
  const call = aNotification({
    type: 'call',
    text: 'You missed a call from Ivy',
    read: true,
    link: null,
    createdAt: '2025-01-04T10:12:00.000Z',
  });
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 1 })
    .answer(notificationRoutes.list, page([tip, call]));
  renderNotifications('/notifications');

  await screen.findByRole('list', { name: 'Notifications' });
  const [first, second] = rows();
  expect(first!).toHaveTextContent('Unread tip: Ruby tipped you 5.00 tokens');
  expect(first!.className).toContain('notif-item--unread');
  expect(within(first!).getByText('5 min ago')).toBeVisible();
  expect(second!).toHaveTextContent('Call: You missed a call from Ivy');
  expect(second!.className).not.toContain('notif-item--unread');
  const when = within(second!).getByText('Jan 4, 2025');
  expect(when).toHaveAttribute('title', expect.stringMatching(/^Jan 4, 2025, \d{1,2}:\d{2}/));
  expect(screen.getByText('1 unread')).toBeVisible();
  expect(api.requestsTo(notificationRoutes.list)[0]!.query.get('limit')).toBe('20');
});

it('opening an unread one marks it read, follows its link, and the counts stay exact', async () => {
  const tip = aNotification({ text: 'Ruby tipped you 5.00 tokens', link: '/earnings' });
  const contact = aNotification({ type: 'contact', text: 'Ivy added you', link: null });
  const old = aNotification({ text: 'Welcome aboard', read: true, link: null });
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 2 })
    .answer(notificationRoutes.list, page([tip, contact, old]))
    .answer(notificationRoutes.read, ({ params }) => ({ ...[tip, contact].find((n) => n._id === params.id)!, read: true }));
  const { router } = renderNotifications('/notifications');
  expect(await screen.findByText('2 unread')).toBeVisible();
  expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  // Without a link, opening only marks it read.
  fireEvent.click(screen.getByRole('button', { name: /Ivy added you/ }));
  expect(await screen.findByText('1 unread')).toBeVisible();
  expect(rows()[1]!.className).not.toContain('notif-item--unread');
  expect(screen.queryByRole('button', { name: /Ivy added you/ })).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('link', { name: /Ruby tipped you 5\.00 tokens/ }));
  expect(await screen.findByText('Earnings page')).toBeVisible();
  expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible();
  // Each marked read once: the one without a link first.
  expect(api.requestsTo(notificationRoutes.read).map((request) => request.params.id)).toEqual([contact._id, tip._id]);

  await act(() => router.navigate('/notifications'));
  expect(await screen.findByText('You are all caught up.')).toBeVisible();
  expect(rows().filter((row) => row.className.includes('notif-item--unread'))).toHaveLength(0);
});

it('a missed call names the caller and opens the call history, even when the server sent no link', async () => {
  const missed = aNotification({ type: 'call', text: 'You missed a call from Sam Fan', link: null });
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 1 })
    .answer(notificationRoutes.list, page([missed]))
    .answer(notificationRoutes.read, { ...missed, read: true });
  renderNotifications('/notifications');

  const link = await screen.findByRole('link', { name: /You missed a call from Sam Fan/ });
  expect(link).toHaveTextContent('Unread call: You missed a call from Sam Fan');
  expect(link).toHaveAttribute('href', '/calls');
  fireEvent.click(link);
  expect(await screen.findByText('Call history page')).toBeVisible();
  await waitFor(() => expect(api.requestsTo(notificationRoutes.read).map((request) => request.params.id)).toEqual([missed._id]));
});

it('marks all as read', async () => {
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 2 })
    .answer(notificationRoutes.list, page([aNotification(), aNotification(), aNotification({ read: true })]))
    .answer(notificationRoutes.readAll, { updated: 2, count: 0 });
  renderNotifications('/notifications');
  await screen.findByText('2 unread');
  fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

  expect(await screen.findByText('You are all caught up.')).toBeVisible();
  expect(rows().every((row) => !row.className.includes('notif-item--unread'))).toBe(true);
  expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(api.requestsTo(notificationRoutes.readAll)).toHaveLength(1);
});

it('puts back the unread state when marking all read fails', async () => {
  fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 1 })
    .answer(notificationRoutes.list, page([aNotification()]))
    .refuse(notificationRoutes.readAll, 500, 'The server had a problem.');
  renderNotifications('/notifications');
  await screen.findByText('1 unread');
  fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByText('The server had a problem.')).toBeVisible();
  expect(await screen.findByText('1 unread')).toBeVisible();
  expect(rows()[0]!.className).toContain('notif-item--unread');
});

it('pages through notifications and puts a new one from the socket on top', async () => {
  const firstPage = Array.from({ length: 20 }, (_, index) => aNotification({ text: `Older news ${index + 1}`, read: true, link: null }));
  const api = fakeApi()
    .answer(notificationRoutes.unreadCount, { count: 0 })
    .answer(notificationRoutes.list, ({ query }) =>
      query.get('skip') === '20' ? page([aNotification({ text: 'Oldest news', read: true })], 21) : page(firstPage, 21),
    );
  const { live } = renderNotifications('/notifications');
  await screen.findByText('Older news 1');
  expect(screen.getByText('1–20 of 21')).toBeVisible();

  const fresh = aNotification({ text: 'Ruby sent you a message', type: 'message', link: null });
  live.receive('notification:created', { notification: fresh, unreadCount: 1 });
  await waitFor(() => expect(rows()[0]!).toHaveTextContent('Ruby sent you a message'));
  expect(rows()).toHaveLength(20);
  expect(screen.getByText('1–20 of 22')).toBeVisible();
  expect(screen.getByText('1 unread')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Oldest news')).toBeVisible();
  expect(api.requestsTo(notificationRoutes.list).at(-1)!.query.get('skip')).toBe('20');
});

it('says what will show up here when there is nothing yet', async () => {
  fakeApi().answer(notificationRoutes.unreadCount, { count: 0 }).answer(notificationRoutes.list, page([]));
  renderNotifications('/notifications');
  expect(await screen.findByText('No notifications yet')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});
