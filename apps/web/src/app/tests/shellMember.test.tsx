import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNavigator } from '../../shared/api/navigation';
import { readAccessToken } from '../../shared/api/session';
import { clearBrowserSession, fakeServer } from '../../../test/fakeServer';
import { buildMe } from '../../../test/factories';
import { renderShell } from './renderShell';

import { sockets } from '../../../test/fakeSocket';

// The real client would try to open a WebSocket; this one lets the test play the server.
vi.mock('socket.io-client', () => import('../../../test/fakeSocket'));

function memberServer(me = buildMe()) {
  return fakeServer({
    'GET /api/system/configs/public': { body: { data: { siteName: 'Velvet Lounge', siteFavicon: '' } } },
    'POST /api/system/configs/keys': { body: { data: { footerContent: '', footerScript: '' } } },
    'GET /api/menus/sections/footer': { body: { data: { items: [], count: 0 } } },
    'GET /api/users/me': { body: { data: me } },
    'POST /api/auth/logout': { status: 204 },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
  sockets.length = 0;
});

describe('the top bar for a signed-in member', () => {
  it('recognises a cookie silently, shows balance, name and the live link, and signs out', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    const server = memberServer();
    server.install();
    const navigate = vi.fn();
    setNavigator(navigate);
    renderShell('/');

    const banner = screen.getByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: /Ada Lovelace/ });
    // Amounts show with 2 decimals and thousands separators (docs/product.md#units).
    expect(within(banner).getByRole('link', { name: /Balance: 1,234\.56 tokens/ })).toHaveAttribute('href', '/tokens');
    expect(within(banner).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    // The socket opens with the token and its state shows in the dot.
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(sockets[0]!.options).toMatchObject({ query: { token: 'jwt-ok' } });
    const dot = document.querySelector('[data-socket-status]')!;
    expect(dot).toHaveAttribute('data-socket-status', 'initialized');
    act(() => sockets[0]!.receive('connect'));
    expect(dot).toHaveAttribute('data-socket-status', 'connected');
    expect(dot).toHaveAttribute('aria-label', 'Connection: Live');

    // 'me:updated' replaces the cached member.
    act(() => sockets[0]!.receive('me:updated', { user: buildMe({ balance: 5 }) }));
    expect(within(banner).getByRole('link', { name: /Balance: 5\.00 tokens/ })).toBeVisible();

    fireEvent.click(menuButton);
    // Everyone signed in has a call history (docs/product.md#calls).
    expect(screen.getByRole('menuitem', { name: 'Calls' })).toHaveAttribute('href', '/calls');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true }));
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(readAccessToken()).toBeNull();
    expect(server.requests.some((r) => r.method === 'POST' && r.url === '/api/auth/logout')).toBe(true);
    await within(banner).findByRole('link', { name: 'Sign in' });
  });

  it("logs out locally when the server revokes the session ('session:revoked')", async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    const server = memberServer();
    server.install();
    const navigate = vi.fn();
    setNavigator(navigate);
    renderShell('/');
    await waitFor(() => expect(sockets).toHaveLength(1));

    act(() => sockets[0]!.receive('session:revoked', { reason: 'password-changed' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/login?ended=password-changed', { replace: true }));
    expect(readAccessToken()).toBeNull();
    // The server already knows: no logout call.
    expect(server.requests.some((r) => r.url === '/api/auth/logout')).toBe(false);
  });

  it('shows the Admin link only to administrators', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    memberServer(buildMe({ role: 'admin' })).install();
    renderShell('/');
    const admin = await within(screen.getByRole('banner')).findByRole('link', { name: 'Admin' });
    expect(admin).toHaveAttribute('href', '/admin');
  });
});
