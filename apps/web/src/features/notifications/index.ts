/** What the app shell uses from notifications: the top-bar bell and the live socket listeners. */
export { NotificationBell } from './components/NotificationBell';
export { useNotificationsLive } from './hooks/useNotificationsLive';
