import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '../shell/RouteLoader';

/**
 * The admin area's code is fetched only once the route's loader has confirmed an administrator:
 * a route `lazy()` would start downloading it in parallel with the check, for anyone.
 */
const AdminApp = lazy(() => import('../../features/admin/AdminApp'));

export function AdminEntry() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <AdminApp />
    </Suspense>
  );
}
