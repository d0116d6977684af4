import { NavLink } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useGetUnreadMessageTotalQuery } from '../api/messagesApi';
import './MessagesNavLink.css';

/** The top bar's link to the chat, with the exact number of unread messages (hidden at 0). */
export function MessagesNavLink({ className = 'topbar__link' }: { className?: string }) {
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  const { data } = useGetUnreadMessageTotalQuery(undefined, { skip: !signedIn });
  const count = signedIn ? (data?.count ?? 0) : 0;
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
