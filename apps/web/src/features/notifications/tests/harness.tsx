import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { buildMe } from '../../../../test/factories';
import { createAppStore } from '../../../app/store';
import { setLogin } from '../../../shared/auth/authSlice';
import { useLiveSocket } from '../../../shared/socket/useLiveSocket';
import { NotificationBell, useNotificationsLive } from '..';
import NotificationsPage from '../pages/NotificationsPage';
import type { Notification } from '@cc/contracts';

export { fakeServer, type FakeRequest } from '../../../../test/fakeApi';

export const list = <T,>(items: T[], count = items.length) => ({ body: { items, count } });

let serial = 0;

/** A notification as the server lists it; newest first means a later `createdAt`. */
export function aNotification(overrides: Partial<Notification> = {}): Notification {
  serial += 1;
  return {
    _id: `00000000-0000-4000-9000-${String(serial).padStart(12, '0')}`,
    type: 'tip',
    text: `Ruby tipped you ${serial}.00 tokens`,
    link: '/earnings',
    actor: null,
    read: false,
    createdAt: new Date(Date.now() - serial * 60_000).toISOString(),
    ...overrides,
  };
}

// ---- rendering -------------------------------------------------------------------------------

/** What the app shell will do: open the socket, keep notifications live, show the bell. */
function LiveFrame() {
  useLiveSocket();
  useNotificationsLive();
  return (
    <>
      <header>
        <NotificationBell />
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}

export function renderNotifications(path: string) {
  document.cookie = 'accessToken=test-token; path=/';
  const store = createAppStore();
  store.dispatch(setLogin(buildMe()));
  const router = createMemoryRouter(
    [
      {
        Component: LiveFrame,
        children: [
          { path: '/', element: <p>Home page</p> },
          { path: '/notifications', Component: NotificationsPage },
          { path: '/earnings', element: <p>Earnings page</p> },
          { path: '/calls', element: <p>Call history page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router };
}
