import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Button, Skeleton } from '../../../shared/ui';
import {
  BELL_LIST_SIZE,
  useGetUnreadNotificationCountQuery,
  useListNotificationsQuery,
  useListUnreadNotificationsQuery,
  useMarkAllNotificationsReadMutation,
} from '../api/notificationsApi';
import { useOpenNotification } from '../hooks/useOpenNotification';
import { Glyph } from './glyphs';
import { NotificationItem } from './NotificationItem';
import './NotificationBell.css';

const page = { limit: BELL_LIST_SIZE, skip: 0 };

/** What the bell opens: the latest unread notifications, or the recent ones when all are read. */
function BellPanel({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }) {
  const unread = useListUnreadNotificationsQuery(page);
  const showRecent = unread.data !== undefined && unread.data.items.length === 0;
  const recent = useListNotificationsQuery(page, { skip: !showRecent });
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  const open = useOpenNotification();
  const list = showRecent ? recent : unread;
  const unreadTotal = unread.data?.count ?? 0;

  let body;
  if (list.isLoading || (showRecent && recent.isUninitialized)) {
    body = (
      <div className="notif-panel__loading" role="status" aria-label="Loading notifications">
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} width="70%" />
      </div>
    );
  } else if (list.isError || !list.data) {
    body = (
      <div className="notif-panel__note" role="alert">
        Could not load notifications.{' '}
        <button type="button" className="notif-panel__retry" onClick={() => void list.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (list.data.items.length === 0) {
    body = <p className="notif-panel__note">No notifications yet. We will tell you about messages, tips, sales and calls here.</p>;
  } else {
    body = (
      <>
        {showRecent ? <p className="notif-panel__caption">You are all caught up. Recent:</p> : null}
        <ul className="notif-list" aria-label={showRecent ? 'Recent notifications' : 'Unread notifications'}>
          {list.data.items.map((notification) => (
            <NotificationItem
              key={notification._id}
              notification={notification}
              compact
              onOpen={(chosen) => {
                open(chosen);
                onClose(false);
              }}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div id={id} className="notif-panel" role="region" aria-label="Latest notifications">
      <div className="notif-panel__header">
        <h2 className="notif-panel__title">Notifications</h2>
        <Button size="sm" variant="ghost" loading={marking.isLoading} disabled={unreadTotal === 0} onClick={() => void markAll()}>
          Mark all as read
        </Button>
      </div>
      <div className="notif-panel__body">{body}</div>
      <Link to="/notifications" className="notif-panel__all" onClick={() => onClose(false)}>
        See all
      </Link>
    </div>
  );
}

/**
 * The top bar's bell: the unread count on a badge, and a panel of the latest notifications.
 * Escape or a click elsewhere closes it; focus returns to the bell after Escape.
 */
export function NotificationBell() {
  const { data } = useGetUnreadNotificationCountQuery();
  const count = data?.count ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <div
      className="notif-bell"
      ref={rootRef}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the panel closes it, like leaving any popover.
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="notif-bell__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={label}
        onClick={() => setOpen((value) => !value)}
      >
        <Glyph name="bell" size={22} />
        {count > 0 ? (
          <span className="notif-bell__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {open ? <BellPanel id={panelId} onClose={close} /> : null}
    </div>
  );
}
