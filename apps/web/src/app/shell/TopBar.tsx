import { Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../shared/store/hooks';
import { selectCurrentUser } from '../../shared/auth/authSlice';
import { useSiteName } from '../../shared/site/siteApi';
import { ButtonLink, CREATOR_SECTIONS, Icon } from '../../shared/ui';
import { BalanceChip } from './BalanceChip';
import { MemberLiveControls, MemberNavLink } from './loadMemberShell';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';
import './TopBar.css';

/** The slim top bar: brand, main navigation, and either the member's controls or the sign-in links. */
export function TopBar() {
  const user = useAppSelector(selectCurrentUser);
  const siteName = useSiteName();
  const location = useLocation();
  // The collapsed phone menu belongs to the page it was opened on, so a page change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  // One place for a creator's tools (issue #28): lit on any of their pages.
  const onCreatorPage = CREATOR_SECTIONS.some(
    (section) => location.pathname === section.to || location.pathname.startsWith(`${section.to}/`),
  );

  return (
    <header className={user ? 'topbar topbar--member' : 'topbar'}>
      <div className="topbar__inner">
        <Link to="/" className="topbar__brand" aria-label={`${siteName} home`}>
          <Logo />
          <span className="topbar__brand-name">{siteName}</span>
        </Link>

        <div id="topbar-menu" className="topbar__menu" data-open={menuOpen || undefined}>
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
          {user ? null : (
            <div className="topbar__guest">
              <ButtonLink to="/auth/login" variant="ghost">
                Sign in
              </ButtonLink>
              <ButtonLink to="/auth/register">Create account</ButtonLink>
            </div>
          )}
        </div>

        <div className="topbar__end">
          {user ? (
            <>
              {/* The live parts come with the signed-in chunk (loadMemberShell.ts), usually there already. */}
              <Suspense fallback={null}>
                <MemberLiveControls />
              </Suspense>
              {/* An administrator runs the site; she does not buy tokens (issue #28: a 0.00 pill). */}
              {user.role === 'admin' ? null : <BalanceChip balance={user.balance} />}
              <UserMenu user={user} />
            </>
          ) : null}
          <button
            type="button"
            className="topbar__toggle"
            aria-expanded={menuOpen}
            aria-controls="topbar-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
          </button>
        </div>
      </div>
    </header>
  );
}
