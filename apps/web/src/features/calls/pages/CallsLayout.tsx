import { NavLink, Outlet } from 'react-router';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Icon } from '../../../shared/ui';
import './CallsPages.css';

/**
 * /calls and /calls/settings. A model takes calls as well as making them, so her two call pages
 * share a row of section links; a member has only the history.
 */
export default function CallsLayout() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <div className="page calls">
      {user?.type === 'model' ? (
        <nav aria-label="Calls" className="calls-nav">
          <NavLink to="/calls" end className="calls-nav__link">
            <Icon name="menu" size={16} />
            <span>Call history</span>
          </NavLink>
          <NavLink to="/calls/settings" className="calls-nav__link">
            <Icon name="phone" size={16} />
            <span>Softphone and settings</span>
          </NavLink>
        </nav>
      ) : null}
      <div className="calls__content">
        <Outlet />
      </div>
    </div>
  );
}
