import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../shared/store/hooks';
import { selectCurrentUser } from '../../shared/auth/authSlice';
import { useSiteName } from '../../shared/site/siteApi';
import { ButtonLink, Icon } from '../../shared/ui';
import { BalanceChip } from './BalanceChip';
import { MemberLiveControls } from './loadMemberShell';
import { MainNav } from './MainNav';
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

  return (
    <header className={user ? 'topbar topbar--member' : 'topbar'}>
      <div className="topbar__inner">
        <Link to="/" className="topbar__brand" aria-label={`${siteName} home`}>
          <Logo />
          <span className="topbar__brand-name">{siteName}</span>
        </Link>

        <div id="topbar-menu" className="topbar__menu" data-open={menuOpen || undefined}>
          <MainNav user={user} />
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
