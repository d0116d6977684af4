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

/** A signed-in page: the session is checked before it loads, and again on every navigation. */
const signedIn = (store: AppStore, route: RouteObject): RouteObject => ({ loader: requireAuth(store), shouldRevalidate: always, ...route });

/** Signing up and in, the contact form, and the account's own pages. */
function accountsRoutes(store: AppStore): RouteObject[] {
  return [
    {
      path: 'auth',
      children: [
        { index: true, loader: () => redirect('/auth/login') },
        { path: 'login', loader: redirectIfSignedIn(store), lazy: page(() => import('../features/accounts/pages/LoginPage')) },
        { path: 'register', loader: redirectIfSignedIn(store), lazy: page(() => import('../features/accounts/pages/RegisterPage')) },
        { path: 'verify', lazy: page(() => import('../features/accounts/pages/VerifyEmailPage')) },
        { path: 'forgot', lazy: page(() => import('../features/accounts/pages/ForgotPasswordPage')) },
        { path: 'reset/:token', lazy: page(() => import('../features/accounts/pages/ResetPasswordPage')) },
      ],
    },
    { path: 'contact-us', lazy: page(() => import('../features/accounts/pages/ContactPage')) },
    signedIn(store, {
      path: 'account',
      lazy: page(() => import('../features/accounts/components/AccountLayout')),
      children: [
        { index: true, loader: () => redirect('/account/profile') },
        { path: 'profile', lazy: page(() => import('../features/accounts/pages/ProfilePage')) },
        { path: 'verification', lazy: page(() => import('../features/accounts/pages/VerificationPage')) },
        { path: 'password', lazy: page(() => import('../features/accounts/pages/PasswordPage')) },
        { path: 'deactivate', lazy: page(() => import('../features/accounts/pages/DeactivatePage')) },
      ],
    }),
  ];
}

/** Posts are public: visitors read them without signing in (docs/product.md#posts). */
function postsRoutes(): RouteObject[] {
  return [
    { path: 'posts', lazy: page(() => import('../features/posts/pages/PostsPage')) },
    { path: 'posts/:slug', lazy: page(() => import('../features/posts/pages/PostPage')) },
  ];
}

/** Tokens, payments, statement, cards, invoices, earnings and payouts share one frame; an invoice stands alone. */
function walletRoutes(store: AppStore): RouteObject[] {
  return [
    signedIn(store, {
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
    }),
    // An invoice stands alone (no section tabs) so it prints as a clean page.
    signedIn(store, { path: 'invoices/:id', lazy: page(() => import('../features/wallet/pages/InvoicePage')) }),
  ];
}

/** Chat: the conversation list beside the open conversation (one pane at a time on a phone), and bookmarks. */
function messagingRoutes(store: AppStore): RouteObject[] {
  return [
    signedIn(store, {
      path: 'messages',
      lazy: page(() => import('../features/messaging/pages/MessagesPage')),
      children: [{ path: ':conversationId', lazy: page(() => import('../features/messaging/pages/ConversationPane')) }],
    }),
    signedIn(store, { path: 'bookmarks', lazy: page(() => import('../features/messaging/pages/BookmarksPage')) }),
  ];
}

/** Contacts, the member search, and the models' directory with their profiles. */
function contactsRoutes(store: AppStore): RouteObject[] {
  return [
    signedIn(store, { path: 'contacts', lazy: page(() => import('../features/contacts/pages/ContactsPage')) }),
    signedIn(store, { path: 'people', lazy: page(() => import('../features/contacts/pages/PeopleSearchPage')) }),
    { path: 'models', lazy: page(() => import('../features/contacts/pages/ModelsPage')) },
    // The profile with the calls feature's Call Now composed in (features never import each other).
    { path: 'models/:username', lazy: page(() => import('./routes/ModelProfileRoute')) },
  ];
}

/** A model's own items for sale (anyone else is told what the store is for), and a member's purchases. */
function marketplaceRoutes(store: AppStore): RouteObject[] {
  return [
    signedIn(store, { path: 'store', lazy: page(() => import('../features/marketplace/pages/StorePage')) }),
    signedIn(store, { path: 'purchases', lazy: page(() => import('../features/marketplace/pages/PurchasesPage')) }),
  ];
}

function notificationsRoutes(store: AppStore): RouteObject[] {
  return [signedIn(store, { path: 'notifications', lazy: page(() => import('../features/notifications/pages/NotificationsPage')) })];
}

/** Call history for everyone signed in, a model's softphone and call settings beside it; a receipt stands alone. */
function callsRoutes(store: AppStore): RouteObject[] {
  return [
    signedIn(store, {
      path: 'calls',
      lazy: page(() => import('../features/calls/pages/CallsLayout')),
      children: [
        { index: true, lazy: page(() => import('../features/calls/pages/CallHistoryPage')) },
        { path: 'settings', lazy: page(() => import('../features/calls/pages/CallSettingsPage')) },
      ],
    }),
    // A call's receipt stands alone, like an invoice, so it prints as a clean page.
    signedIn(store, { path: 'calls/:id', lazy: page(() => import('../features/calls/pages/CallReceiptPage')) }),
  ];
}

/** The shell and its pages, area by area; the administrators' area and the 404 last. */
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
            ...accountsRoutes(store),
            ...postsRoutes(),
            ...walletRoutes(store),
            ...messagingRoutes(store),
            ...contactsRoutes(store),
            ...marketplaceRoutes(store),
            ...notificationsRoutes(store),
            ...callsRoutes(store),
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
