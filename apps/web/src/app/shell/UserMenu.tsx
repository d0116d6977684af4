import { useState } from 'react';
import { Link } from 'react-router';
import type { Me } from '@cc/contracts';
import { useAppDispatch } from '../../shared/store/hooks';
import { logout } from '../../shared/auth/logoutThunk';
import { Avatar, Icon, useMenuButton } from '../../shared/ui';

/**
 * The avatar menu (menu button pattern): Profile, Account settings, Notifications, Calls, Purchases,
 * My store (models), Bookmarks, People, Contact us, Sign out. Arrow keys move between items, Escape closes it and gives focus back to the button.
 */
export function UserMenu({ user }: { user: Me }) {
  const dispatch = useAppDispatch();
  const { close, open, rootRef, buttonProps, menuProps } = useMenuButton();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = () => {
    setSigningOut(true);
    void dispatch(logout());
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button {...buttonProps} className="user-menu__button">
        <Avatar name={user.name} src={user.avatarUrl} size={32} decorative />
        <span className="user-menu__name">{user.name}</span>
        <Icon name="chevronDown" size={16} className="user-menu__chevron" />
      </button>
      {open ? (
        <div {...menuProps} aria-label="Account" className="user-menu__list">
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
          <Link role="menuitem" tabIndex={-1} to="/calls" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="phone" size={18} /> Calls
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/purchases" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="file" size={18} /> Purchases
          </Link>
          {user.type === 'model' ? (
            <Link role="menuitem" tabIndex={-1} to="/store" className="user-menu__item" onClick={() => close(false)}>
              <Icon name="store" size={18} /> My store
            </Link>
          ) : null}
          <Link role="menuitem" tabIndex={-1} to="/bookmarks" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="star" size={18} /> Bookmarks
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/people" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="compass" size={18} /> People
          </Link>
          <div className="user-menu__separator" role="separator" />
          <Link role="menuitem" tabIndex={-1} to="/contact-us" className="user-menu__item" onClick={() => close(false)}>
            <Icon name="help" size={18} /> Contact us
          </Link>
          <button role="menuitem" tabIndex={-1} type="button" className="user-menu__item" onClick={signOut} disabled={signingOut}>
            <Icon name="logout" size={18} /> Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
