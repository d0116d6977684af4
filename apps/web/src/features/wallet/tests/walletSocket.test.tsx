import { screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { menuRoutes, profileRoutes, systemRoutes } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { fakeApi, page } from '../../../../test/fakeApi';
import { sockets } from '../../../../test/fakeSocket';
import { renderApp } from '../../../../test/renderApp';
import { AppShell } from '../../../app/shell/AppShell';

// The shell opens the socket itself once it knows who is signed in: the real client would try to
// open a WebSocket; this one lets the test play the server.
vi.mock('socket.io-client', () => import('../../../../test/fakeSocket'));

it("moves the top-bar balance chip when the server sends 'wallet:balance'", async () => {
  // Signed in by the session cookie alone: the shell reads who it is from the server.
  document.cookie = 'accessToken=jwt-ok; path=/';
  fakeApi()
    .answer(systemRoutes.publicConfig, { siteName: 'Velvet Lounge', siteFavicon: '' })
    .answer(systemRoutes.configKeys, { footerContent: '', footerScript: '' })
    .answer(menuRoutes.section, page([]))
    .answer(profileRoutes.me, buildMe({ balance: 50 }));
  // The shell brings its own toaster.
  renderApp([{ path: '/', Component: AppShell, children: [{ path: '*', element: <p>Page body</p> }] }], { toaster: false });

  const banner = screen.getByRole('banner');
  expect(await within(banner).findByRole('link', { name: /Balance: 50\.00 tokens/ })).toBeVisible();
  expect(within(banner).getByRole('link', { name: 'Tokens' })).toHaveAttribute('href', '/tokens');
  // The socket opens with the signed-in part of the shell, loaded on demand: slower than 1 s on a busy machine.
  await waitFor(() => expect(sockets).toHaveLength(1), { timeout: 5_000 });

  sockets[0]!.receive('wallet:balance', { balance: 12_345.67 });
  expect(within(banner).getByRole('link', { name: /Balance: 12,345\.67 tokens/ })).toBeVisible();

  sockets[0]!.receive('wallet:balance', { balance: 0 });
  expect(within(banner).getByRole('link', { name: /Balance: 0\.00 tokens/ })).toBeVisible();
});
