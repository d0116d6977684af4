import { renderApp } from '../../../test/renderApp';
import { AppShell } from '../shell/AppShell';

/** The real shell around a stub page, for someone signed out; the test decides what the server answers (test/fakeApi.ts). */
export function renderShell(path = '/') {
  return renderApp([{ path: '/', Component: AppShell, children: [{ path: '*', element: <p>Page body</p> }] }], {
    path,
    // The shell has its own.
    toaster: false,
  });
}
