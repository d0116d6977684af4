import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { buildMe } from '../../../../test/factories';
import { clearBrowserSession, fakeServer } from '../../../../test/fakeServer';
import { renderShell } from '../../../app/tests/renderShell';

import { sockets } from '../../../../test/fakeSocket';

// The real client would try to open a WebSocket; this one lets the test play the server.
vi.mock('socket.io-client', () => import('../../../../test/fakeSocket'));

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
  sockets.length = 0;
});

it("moves the top-bar balance chip when the server sends 'wallet:balance'", async () => {
  document.cookie = 'accessToken=jwt-ok; path=/';
  fakeServer({
    'GET /api/system/configs/public': { body: { data: { siteName: 'Velvet Lounge', siteFavicon: '' } } },
    'POST /api/system/configs/keys': { body: { data: { footerContent: '', footerScript: '' } } },
    'GET /api/menus/sections/footer': { body: { data: { items: [], count: 0 } } },
    'GET /api/users/me': { body: { data: buildMe({ balance: 50 }) } },
  }).install();
  renderShell('/');

  const banner = screen.getByRole('banner');
  expect(await within(banner).findByRole('link', { name: /Balance: 50\.00 tokens/ })).toBeVisible();
  expect(within(banner).getByRole('link', { name: 'Tokens' })).toHaveAttribute('href', '/tokens');
  await waitFor(() => expect(sockets).toHaveLength(1));

  act(() => sockets[0]!.receive('wallet:balance', { balance: 12_345.67 }));
  expect(within(banner).getByRole('link', { name: /Balance: 12,345\.67 tokens/ })).toBeVisible();

  act(() => sockets[0]!.receive('wallet:balance', { balance: 0 }));
  expect(within(banner).getByRole('link', { name: /Balance: 0\.00 tokens/ })).toBeVisible();
});
