import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { useLiveSocket } from '../../shared/socket/useLiveSocket';
import { CallCenter } from '../../features/calls';
import { useMessagingLive } from '../../features/messages';
import { useNotificationsLive } from '../../features/notifications';
import { Footer } from './Footer';
import { RouteLoader } from './RouteLoader';
import { TopBar } from './TopBar';
import { useSessionBootstrap } from './useSessionBootstrap';
import { useSiteHead } from './useSiteHead';
import './AppShell.css';
import './Toaster.css';

/** The app shell: wraps every page with the top bar, the footer, toasts and the route loader. */
export function AppShell() {
  useSiteHead();
  useSessionBootstrap();
  useLiveSocket();
  // Chat and notifications listen on every page: unread counts and the bell stay exact everywhere.
  useMessagingLive();
  useNotificationsLive();
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
      <Toaster position="bottom-right" theme="system" richColors closeButton />
      {/* Calls' global listener: the Voice Call modal and incoming calls on every page. */}
      <CallCenter />
      <RouteLoader />
      {/* A new page opens at its top; back and forward return to where the person was. */}
      <ScrollRestoration />
    </>
  );
}
