import { NavLink } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useGetUnreadMessageTotalQuery } from '../api/messagingApi';
import { ChatIcon } from './ChatIcon';
import './MessagesNavLink.css';

/** The exact number of unread messages for the signed-in member (0 when signed out). */
function useUnreadTotal(): number {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const { data } = useGetUnreadMessageTotalQuery(undefined, { skip: !signedIn });
  return signedIn ? (data?.count ?? 0) : 0;
}

/**
 * On a phone the navigation folds into the menu, so the unread count would be out of sight: this
 * icon link stands beside the bell there (hidden on wide screens, where the text link shows).
 */
export function MessagesShortcut() {
  const count = useUnreadTotal();
  return (
    <NavLink to="/messages" className="messages-shortcut" aria-label={count > 0 ? `Messages, ${count} unread` : 'Messages'}>
      <ChatIcon name="chat" size={22} />
      {count > 0 ? (
        <span className="messages-shortcut__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

/** The top bar's link to the chat, with the exact number of unread messages (hidden at 0). */
export function MessagesNavLink({ className = 'topbar__link' }: { className?: string }) {
  const count = useUnreadTotal();
  return (
    <NavLink to="/messages" className={`${className} messages-nav-link`}>
      Messages
      {count > 0 ? (
        <span className="messages-nav-link__badge" role="img" aria-label={`${count} unread`}>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}
