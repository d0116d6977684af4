import { Navigate } from 'react-router';
import { useAppSelector } from '../../../shared/store/hooks';
import { readAccessToken } from '../../../shared/api/session';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { sessionApi } from '../../../shared/auth/sessionApi';
import { Skeleton } from '../../../shared/ui';
import { Dashboard } from '../components/Dashboard';
import { Landing } from '../components/Landing';
import './HomePage.css';

function DashboardSkeleton() {
  return (
    <div className="page dashboard" aria-busy="true">
      <Skeleton width={120} height={14} />
      <Skeleton width={320} height={34} className="dashboard__skeleton-title" />
      <div className="dashboard__grid">
        <Skeleton height={200} radius="var(--radius-lg)" />
        <Skeleton height={260} radius="var(--radius-lg)" />
      </div>
    </div>
  );
}

/** Signed out: what the product is. Signed in: the member's dashboard; an administrator's is the admin overview. */
export default function HomePage() {
  const user = useAppSelector(selectCurrentUser);
  const me = sessionApi.endpoints.getMe.useQueryState();
  if (user?.role === 'admin') return <Navigate to="/admin" replace />;
  if (user) return <Dashboard user={user} />;
  // A cookie from an earlier visit is being checked in the background: hold the place, not the landing.
  if (readAccessToken() && !me.isError) return <DashboardSkeleton />;
  return <Landing />;
}
