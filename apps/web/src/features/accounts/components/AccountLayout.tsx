import { NavLink, Outlet } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Avatar, Icon, type IconName } from '../../../shared/ui';
import './AccountLayout.css';

type Section = { to: string; label: string; icon: IconName; modelsOnly?: boolean };

const SECTIONS: readonly Section[] = [
  { to: '/account/profile', label: 'Profile', icon: 'user' },
  { to: '/account/verification', label: 'Verification', icon: 'shieldCheck', modelsOnly: true },
  { to: '/account/password', label: 'Password', icon: 'lock' },
  { to: '/account/deactivate', label: 'Deactivate account', icon: 'trash' },
];

/** Account pages share one frame: side navigation on wide screens, scrolling tabs on phones. */
export default function AccountLayout() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const sections = SECTIONS.filter((section) => !section.modelsOnly || user.type === 'model');
  return (
    <div className="page account-layout">
      <aside className="account-layout__aside">
        <div className="account-layout__who">
          <Avatar name={user.name} src={user.avatarUrl} size={44} decorative />
          <div className="account-layout__who-text">
            <span className="account-layout__who-name">{user.name}</span>
            <span className="account-layout__who-handle">@{user.username}</span>
          </div>
        </div>
        <nav aria-label="Account" className="account-nav">
          {sections.map((section) => (
            <NavLink key={section.to} to={section.to} className="account-nav__link">
              <Icon name={section.icon} size={18} />
              <span>{section.label}</span>
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="account-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
