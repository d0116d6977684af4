import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createAppStore } from './app/store';
import { createAppRouter } from './app/router';
import { loadMemberShell } from './app/shell/loadMemberShell';
import { setNavigator } from './shared/api/navigation';
import { readAccessToken } from './shared/api/session';
import './shared/ui/tokens.css';
import './shared/ui/base.css';

const store = createAppStore();
const router = createAppRouter(store);
// Code outside React (the API layer, logout) navigates through the router: no full page reload.
setNavigator((to, options) => void router.navigate(to, options));

// A cookie means someone is probably signed in: fetch the signed-in part of the shell alongside
// the first page instead of after the "who am I" answer.
if (readAccessToken()) void loadMemberShell().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
