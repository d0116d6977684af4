import { createContext, useContext } from 'react';
import { useLocation, useParams } from 'react-router';

/**
 * Where the shell mounted the admin area ("/admin"). React Router 7 resolves relative links inside a
 * splat route against the whole URL (splat included), so "members" from /admin/outbox would point to
 * /admin/outbox/members; links are built from this base instead.
 */
export function useMountPath(): string {
  const { pathname } = useLocation();
  const splat = useParams()['*'] ?? '';
  const base = pathname.endsWith(splat) ? pathname.slice(0, pathname.length - splat.length) : pathname;
  return base.replace(/\/+$/, '') || '/';
}

export const AdminBaseContext = createContext('/admin');

/** An admin path under the mount point: adminPath(base, 'members') → "/admin/members". */
export function useAdminPath(section = ''): string {
  const base = useContext(AdminBaseContext);
  return section ? `${base === '/' ? '' : base}/${section}` : base;
}
