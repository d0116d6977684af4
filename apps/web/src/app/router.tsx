import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { AppStore } from './store';
import { AppShell } from './shell/AppShell';
import { FullScreenLoader } from './shell/RouteLoader';
import { RouteErrorPage } from './pages/RouteErrorPage';
import NotFoundPage from './pages/NotFoundPage';
import { redirectIfSignedIn, requireAdmin, requireAuth } from './routes/guards';
import { AdminEntry } from './routes/AdminEntry';

/** Route modules load on demand; each page module's default export is its component. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

/** Guarded routes re-check the session on every navigation, not only when their params change. */
const always = () => true;

export function appRoutes(store: AppStore): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppShell,
      HydrateFallback: FullScreenLoader,
      children: [
        {
          // A pathless layer so a failing page shows its error inside the shell.
          ErrorBoundary: RouteErrorPage,
          children: [
            { index: true, lazy: page(() => import('../features/home/pages/HomePage')) },
            {
              path: 'auth',
              children: [
                { index: true, loader: () => redirect('/auth/login') },
                { path: 'login', loader: redirectIfSignedIn(store), lazy: page(() => import('../features/accounts/pages/LoginPage')) },
                {
                  path: 'register',
                  loader: redirectIfSignedIn(store),
                  lazy: page(() => import('../features/accounts/pages/RegisterPage')),
                },
                { path: 'verify', lazy: page(() => import('../features/accounts/pages/VerifyEmailPage')) },
                { path: 'forgot', lazy: page(() => import('../features/accounts/pages/ForgotPasswordPage')) },
                { path: 'reset/:token', lazy: page(() => import('../features/accounts/pages/ResetPasswordPage')) },
              ],
            },
            { path: 'contact-us', lazy: page(() => import('../features/accounts/pages/ContactPage')) },
            // Posts are public: visitors read them without signing in (docs/product.md#posts).
            { path: 'posts', lazy: page(() => import('../features/posts/pages/PostsPage')) },
            { path: 'posts/:slug', lazy: page(() => import('../features/posts/pages/PostPage')) },
            {
              path: 'account',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/accounts/components/AccountLayout')),
              children: [
                { index: true, loader: () => redirect('/account/profile') },
                { path: 'profile', lazy: page(() => import('../features/accounts/pages/ProfilePage')) },
                { path: 'verification', lazy: page(() => import('../features/accounts/pages/VerificationPage')) },
                { path: 'password', lazy: page(() => import('../features/accounts/pages/PasswordPage')) },
                { path: 'deactivate', lazy: page(() => import('../features/accounts/pages/DeactivatePage')) },
              ],
            },
            {
              // Tokens, payments, statement, cards, invoices and earnings share one frame.
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/wallet/components/MoneyLayout')),
              children: [
                {
                  path: 'tokens',
                  children: [
                    { index: true, lazy: page(() => import('../features/wallet/pages/TokensPage')) },
                    { path: 'history', lazy: page(() => import('../features/wallet/pages/HistoryPage')) },
                    { path: 'statement', lazy: page(() => import('../features/wallet/pages/StatementPage')) },
                    { path: 'cards', lazy: page(() => import('../features/wallet/pages/CardsPage')) },
                  ],
                },
                { path: 'invoices', lazy: page(() => import('../features/wallet/pages/InvoicesPage')) },
                { path: 'earnings', lazy: page(() => import('../features/wallet/pages/EarningsPage')) },
                {
                  // A model's payout requests and the account the money goes to (docs/product.md#payouts).
                  path: 'payouts',
                  children: [
                    { index: true, lazy: page(() => import('../features/payouts/pages/PayoutsPage')) },
                    { path: 'account', lazy: page(() => import('../features/payouts/pages/PayoutAccountPage')) },
                  ],
                },
              ],
            },
            {
              // Chat: the conversation list beside the open conversation (one pane at a time on a phone).
              path: 'messages',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/messaging/pages/MessagesPage')),
              children: [{ path: ':conversationId', lazy: page(() => import('../features/messaging/pages/ConversationPane')) }],
            },
            {
              path: 'bookmarks',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/messaging/pages/BookmarksPage')),
            },
            {
              path: 'contacts',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/contacts/pages/ContactsPage')),
            },
            {
              path: 'people',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/contacts/pages/PeopleSearchPage')),
            },
            { path: 'models', lazy: page(() => import('../features/contacts/pages/ModelsPage')) },
            // The profile with the calls feature's Call Now composed in (features never import each other).
            { path: 'models/:username', lazy: page(() => import('./routes/ModelProfileRoute')) },
            {
              // A model's own items for sale (anyone else is told what the store is for).
              path: 'store',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/marketplace/pages/StorePage')),
            },
            {
              path: 'purchases',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/marketplace/pages/PurchasesPage')),
            },
            {
              path: 'notifications',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/notifications/pages/NotificationsPage')),
            },
            {
              // Call history for everyone signed in; a model's softphone and call settings beside it.
              path: 'calls',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/calls/pages/CallsLayout')),
              children: [
                { index: true, lazy: page(() => import('../features/calls/pages/CallHistoryPage')) },
                { path: 'settings', lazy: page(() => import('../features/calls/pages/CallSettingsPage')) },
              ],
            },
            // A call's receipt stands alone, like an invoice, so it prints as a clean page.
            {
              path: 'calls/:id',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/calls/pages/CallReceiptPage')),
            },
            // An invoice stands alone (no section tabs) so it prints as a clean page.
            {
              path: 'invoices/:id',
              loader: requireAuth(store),
              shouldRevalidate: always,
              lazy: page(() => import('../features/wallet/pages/InvoicePage')),
            },
            {
              // The admin area brings its own nested <Routes>; its code loads only for administrators.
              path: 'admin/*',
              loader: requireAdmin(store),
              shouldRevalidate: always,
              Component: AdminEntry,
            },
            // In the main bundle anyway: the error page shows it for 404 answers.
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store));
}
