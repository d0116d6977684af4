import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { selectCurrentUser } from '../../shared/auth/authSlice';
import { useAppSelector } from '../../shared/store/hooks';
import { Footer } from './Footer';
import { loadMemberShell, MemberLive } from './loadMemberShell';
import { RouteLoader } from './RouteLoader';
import { Toasts } from './Toasts';
import { TopBar } from './TopBar';
import { useSessionBootstrap } from './useSessionBootstrap';
import { useSiteHead } from './useSiteHead';
import './AppShell.css';

/** The app shell: wraps every page with the top bar, the footer, toasts and the route loader. */
export function AppShell() {
  useSiteHead();
  useSessionBootstrap();
  const signedIn = useAppSelector(selectCurrentUser) !== null;
  // A sign-in on its way: fetch the signed-in part of the shell meanwhile.
  const signingIn = useAppSelector((state) => state.auth.requesting);
  useEffect(() => {
    if (signingIn) void loadMemberShell().catch(() => undefined);
  }, [signingIn]);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* Toasts appear at the bottom right. */}
      <Toasts />
      {/* Signed in: the live socket, chat and notification listeners, and the calls' global listener. */}
      {signedIn ? (
        <Suspense fallback={null}>
          <MemberLive />
        </Suspense>
      ) : null}
      <RouteLoader />
      {/* A new page opens at its top; back and forward return to where the person was. */}
      <ScrollRestoration />
    </>
  );
}
