import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Me } from '@cc/contracts';
import { useAppDispatch } from '../hooks';
import { logout } from '../../shared/auth/logoutThunk';
import { Avatar, Icon } from '../../shared/ui';

/**
 * The avatar menu (menu button pattern): Profile, Account settings, Notifications, Bookmarks,
 * People, Sign out. Arrow keys move between items, Escape closes it and gives focus back to the button.
 */
export function UserMenu({ user }: { user: Me }) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
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

  const signOut = () => {
    setSigningOut(true);
    void dispatch(logout());
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
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
        <Avatar name={user.name} src={user.avatarUrl} size={32} decorative />
        <span className="user-menu__name">{user.name}</span>
        <Icon name="chevronDown" size={16} className="user-menu__chevron" />
      </button>
      {open ? (
        <div id={menuId} ref={menuRef} role="menu" aria-label="Account" className="user-menu__list" onKeyDown={onMenuKeyDown}>
          <div className="user-menu__header" role="none">
            <span className="user-menu__header-name">{user.name}</span>
            <span className="user-menu__header-handle">@{user.username}</span>
          </div>
          <Link role="menuitem" tabIndex={-1} to="/account/profile" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="user" size={18} /> Profile
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/account/password" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="settings" size={18} /> Account settings
          </Link>
          <div className="user-menu__separator" role="separator" />
          <Link role="menuitem" tabIndex={-1} to="/notifications" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="sparkles" size={18} /> Notifications
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/bookmarks" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="star" size={18} /> Bookmarks
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/people" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="compass" size={18} /> People
          </Link>
          <div className="user-menu__separator" role="separator" />
          <button role="menuitem" tabIndex={-1} type="button" className="user-menu__item" onClick={signOut} disabled={signingOut}>
            <Icon name="logout" size={18} /> Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
