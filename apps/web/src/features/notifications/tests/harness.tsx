import { Outlet } from 'react-router';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { NotificationBell, useNotificationsLive } from '..';
import NotificationsPage from '../pages/NotificationsPage';
import type { Notification } from '@cc/contracts';

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

/** What the app shell does once the socket is open: keep notifications live, show the bell. */
function LiveFrame() {
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

/** The bell and the notifications page at `path`, signed in, the socket open (`live.receive` plays the server). */
export function renderNotifications(path: string) {
  return renderApp(
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
    { path, me: buildMe(), live: true },
  );
}
