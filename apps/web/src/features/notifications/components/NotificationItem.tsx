import { Link } from 'react-router';
import { notificationPath, type Notification } from '@cc/contracts';
import { NOTIFICATION_KINDS } from '../lib/kinds';
import { RelativeTime } from '../../../shared/ui';
import { Glyph } from './glyphs';
import './NotificationItem.css';

type NotificationItemProps = {
  notification: Notification;
  /** Marks it read; a link is followed by the link itself. */
  onOpen: (notification: Notification) => void;
  compact?: boolean;
};

/** One notification: its kind as an icon, the sentence, a tip's note, when (exact on hover), unread ones marked. */
export function NotificationItem({ notification, onOpen, compact = false }: NotificationItemProps) {
  const kind = NOTIFICATION_KINDS[notification.type] ?? NOTIFICATION_KINDS.message;
  const path = notificationPath(notification);
  const unread = !notification.read;
  const content = (
    <>
      <span className={`notif-item__icon notif-item__icon--${kind.tone}`}>
        <Glyph name={kind.icon} size={compact ? 16 : 18} />
      </span>
      <span className="notif-item__main">
        <span className="notif-item__text">
          <span className="visually-hidden">{unread ? `Unread ${kind.label.toLowerCase()}: ` : `${kind.label}: `}</span>
          {notification.text}
        </span>
        {notification.note ? (
          // The member's own words (a tip's note), as text: React never reads it as HTML.
          <q className="notif-item__note">
            <span className="visually-hidden">Note: </span>
            {notification.note}
          </q>
        ) : null}
        <RelativeTime className="notif-item__time" iso={notification.createdAt} />
      </span>
      {unread ? <span className="notif-item__dot" aria-hidden="true" /> : null}
    </>
  );
  const classes = ['notif-item', unread && 'notif-item--unread', compact && 'notif-item--compact'].filter(Boolean).join(' ');
  return (
    <li className={classes}>
      {path ? (
        <Link to={path} className="notif-item__body" onClick={() => onOpen(notification)}>
          {content}
        </Link>
      ) : unread ? (
        <button type="button" className="notif-item__body" onClick={() => onOpen(notification)}>
          {content}
        </button>
      ) : (
        <div className="notif-item__body">{content}</div>
      )}
    </li>
  );
}
