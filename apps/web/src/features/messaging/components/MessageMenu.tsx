import { useMenuButton } from '../../../shared/ui';
import { ChatIcon } from './ChatIcon';

export type MessageAction = 'bookmark' | 'unbookmark' | 'delete';

type Props = { bookmarked: boolean; canDelete: boolean; align: 'start' | 'end'; onAction: (action: MessageAction) => void };

/**
 * A message's actions (menu button pattern): arrows move, Enter picks, Escape closes and returns
 * focus to the button. Rendered only while open, so a long history stays cheap.
 */
export function MessageMenu({ bookmarked, canDelete, align, onAction }: Props) {
  const { open, close, rootRef, buttonProps, menuProps } = useMenuButton();

  const pick = (action: MessageAction) => {
    close(true);
    onAction(action);
  };

  return (
    <div className={`msg-menu msg-menu--${align}`} ref={rootRef}>
      <button {...buttonProps} className="msg-menu__button" aria-label="Message actions">
        <ChatIcon name="more" size={18} />
      </button>
      {open ? (
        <div {...menuProps} aria-label="Message actions" className="msg-menu__list">
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="msg-menu__item"
            onClick={() => pick(bookmarked ? 'unbookmark' : 'bookmark')}
          >
            <ChatIcon name="bookmark" size={16} />
            {bookmarked ? 'Remove bookmark' : 'Bookmark'}
          </button>
          {canDelete ? (
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className="msg-menu__item msg-menu__item--danger"
              onClick={() => pick('delete')}
            >
              <ChatIcon name="block" size={16} />
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
