import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChatIcon } from './ChatIcon';

export type MessageAction = 'bookmark' | 'unbookmark' | 'delete';

type Props = { bookmarked: boolean; canDelete: boolean; align: 'start' | 'end'; onAction: (action: MessageAction) => void };

/**
 * A message's actions (menu button pattern): arrows move, Enter picks, Escape closes and returns
 * focus to the button. Rendered only while open, so a long history stays cheap.
 */
export function MessageMenu({ bookmarked, canDelete, align, onAction }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
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

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: list.length - 1 };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key in moves) {
      event.preventDefault();
      list[(moves[event.key]! + list.length) % list.length]?.focus();
    }
  };

  const pick = (action: MessageAction) => {
    close(true);
    onAction(action);
  };

  return (
    <div className={`msg-menu msg-menu--${align}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="msg-menu__button"
        aria-label="Message actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <ChatIcon name="more" size={18} />
      </button>
      {open ? (
        <div id={menuId} ref={menuRef} role="menu" aria-label="Message actions" className="msg-menu__list" onKeyDown={onMenuKeyDown}>
          <button role="menuitem" tabIndex={-1} type="button" className="msg-menu__item" onClick={() => pick(bookmarked ? 'unbookmark' : 'bookmark')}>
            <ChatIcon name="bookmark" size={16} />
            {bookmarked ? 'Remove bookmark' : 'Bookmark'}
          </button>
          {canDelete ? (
            <button role="menuitem" tabIndex={-1} type="button" className="msg-menu__item msg-menu__item--danger" onClick={() => pick('delete')}>
              <ChatIcon name="block" size={16} />
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
