import { Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { Me } from '@cc/contracts';
import { CREATOR_SECTIONS } from '../../shared/ui';
import { MemberNavLink } from './loadMemberShell';

/** The top bar's main navigation: what everyone sees, and a member's, a creator's and an administrator's own links. */
export function MainNav({ user }: { user: Me | null }) {
  const location = useLocation();
  // One place for a creator's tools (issue #28): lit on any of their pages.
  const onCreatorPage = CREATOR_SECTIONS.some(
    (section) => location.pathname === section.to || location.pathname.startsWith(`${section.to}/`),
  );
  return (
    <nav aria-label="Main" className="topbar__nav">
      <NavLink to="/" end className="topbar__link">
        Home
      </NavLink>
      {user ? (
        <Suspense fallback={null}>
          <MemberNavLink />
        </Suspense>
      ) : null}
      <NavLink to="/models" className="topbar__link">
        Models
      </NavLink>
      <NavLink to="/posts" className="topbar__link">
        Posts
      </NavLink>
      {user ? (
        <>
          <NavLink to="/contacts" className="topbar__link">
            Contacts
          </NavLink>
          {user.type === 'model' ? (
            <Link
              to="/earnings"
              className={onCreatorPage ? 'topbar__link active' : 'topbar__link'}
              aria-current={onCreatorPage ? 'page' : undefined}
            >
              Creator
            </Link>
          ) : null}
          {user.role === 'admin' ? null : (
            <NavLink to="/tokens" className="topbar__link">
              Tokens
            </NavLink>
          )}
          <NavLink to="/account/profile" className="topbar__link">
            My account
          </NavLink>
        </>
      ) : (
        // Signed in, the contact form is in the avatar menu, so "Contacts" (people) stands alone here.
        <NavLink to="/contact-us" className="topbar__link">
          Contact us
        </NavLink>
      )}
      {user?.role === 'admin' ? (
        <NavLink to="/admin" className="topbar__link">
          Admin
        </NavLink>
      ) : null}
    </nav>
  );
}
