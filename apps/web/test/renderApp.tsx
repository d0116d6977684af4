import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';
import type { Me } from '@cc/contracts';
import { createAppStore } from '../src/app/store';
import { setLogin } from '../src/shared/auth/authSlice';
import { openSocket, type AppSocket } from '../src/shared/socket/socketClient';
import { FakeSocket } from './fakeSocket';

/** `live: true` opens the one live link on a fake socket the test speaks for the server through (`live.receive`); it needs `me`. */
export type RenderAppOptions = {
  /** Where the router starts. */
  path?: string;
  /** Signed in as this person (the session cookie and the store, as after a sign-in), or signed out. */
  me?: Me | null;
  /** Rendered beside the router, inside the store: a probe of what the shell would show. */
  beside?: ReactNode;
  /** The toaster; `false` where the routes mount the shell, which has its own. */
  toaster?: boolean;
};

/**
 * The web app's pages for a test: the real store, a memory router over `routes`, the toaster, and
 * the session and socket a signed-in person has. What the server answers is the test's
 * (test/fakeApi.ts); every feature's tests render through this, so each page is tested in the same
 * frame the app gives it. Test set-up resets what outlives a render (test/setup.ts).
 */
export function renderApp<Live extends boolean = false>(
  routes: RouteObject[],
  { path = '/', me = null, live, beside = null, toaster = true }: RenderAppOptions & { live?: Live } = {},
) {
  const store = createAppStore();
  if (me) {
    document.cookie = 'accessToken=test-token; path=/';
    store.dispatch(setLogin(me));
  }
  let socket: FakeSocket | null = null;
  if (live) {
    if (!me) throw new Error('renderApp: a live link needs someone signed in (me)');
    socket = new FakeSocket();
    socket.connected = true;
    const link = socket;
    openSocket('test-token', store.dispatch, () => link as unknown as AppSocket);
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      {beside}
      <RouterProvider router={router} />
      {toaster ? <Toaster /> : null}
    </Provider>,
  );
  return { ...view, store, router, live: socket as Live extends true ? FakeSocket : null };
}
