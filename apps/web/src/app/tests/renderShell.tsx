import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppStore } from '../store';
import { AppShell } from '../shell/AppShell';

/** The real shell around a stub page, with the real store; the test decides what fetch answers. */
export function renderShell(path = '/') {
  const store = createAppStore();
  const router = createMemoryRouter([{ path: '/', Component: AppShell, children: [{ path: '*', element: <p>Page body</p> }] }], {
    initialEntries: [path],
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}
