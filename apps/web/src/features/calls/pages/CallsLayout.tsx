import { Outlet } from 'react-router';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { CreatorNav } from '../../../shared/ui';
import './CallsPages.css';

/**
 * /calls and /calls/settings. A model takes calls as well as making them: her call pages carry the
 * creator tools' row (call history and settings among her earnings, payouts and store); a member
 * has only the history.
 */
export default function CallsLayout() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <div className="page calls">
      {user?.type === 'model' ? <CreatorNav /> : null}
      <div className="calls__content">
        <Outlet />
      </div>
    </div>
  );
}
