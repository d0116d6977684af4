import { useLiveSocket } from '../../shared/socket/useLiveSocket';
import { SocketStatusDot } from '../../shared/socket/SocketStatusDot';
import { CallCenter } from '../../features/calls';
import { MessagesNavLink, MessagesShortcut, useMessagingLive } from '../../features/messaging';
import { NotificationBell, useNotificationsLive } from '../../features/notifications';
import { useCallabilityLive } from '../../features/contacts';

/*
 * The parts of the shell that exist only while someone is signed in, in a chunk of their own: the
 * socket client, the call modal, the voice link and the chat's and notifications' live state are
 * no part of the login page (issue #11). AppShell and TopBar load it (loadMemberShell.ts).
 */

/**
 * The live socket, the chat's and the notifications' listeners on every page (unread counts and
 * the bell stay exact everywhere), models' callability on open profiles, and the calls' global listener (the Voice Call modal and
 * incoming calls).
 */
export function MemberLive() {
  useLiveSocket();
  useMessagingLive();
  useNotificationsLive();
  useCallabilityLive();
  return <CallCenter />;
}

/** The top bar's "Messages" link with its unread count. */
export function MemberNavLink() {
  return <MessagesNavLink />;
}

/** The top bar's live controls: the link's state, the chat shortcut and the notification bell. */
export function MemberLiveControls() {
  return (
    <>
      <SocketStatusDot />
      <MessagesShortcut />
      <NotificationBell />
    </>
  );
}
