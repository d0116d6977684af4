/** What the rest of the app uses of the chat: the live hook for the shell and the top-bar link. */
export { useMessagingLive } from './live/useMessagingLive';
export { MessagesNavLink, MessagesShortcut } from './components/MessagesNavLink';
