import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authRoutes, menuRoutes, profileRoutes, systemRoutes } from '@cc/contracts';
import { setNavigator } from '../../shared/api/navigation';
import { readAccessToken } from '../../shared/api/session';
import { fakeApi, page } from '../../../test/fakeApi';
import { buildMe } from '../../../test/factories';
import { renderShell } from './renderShell';

import { sockets } from '../../../test/fakeSocket';

// The shell opens the live link itself once it recognises the cookie, through socket.io-client: the
// fake module stands in for it and keeps each socket it made, for the test to play the server.
vi.mock('socket.io-client', () => import('../../../test/fakeSocket'));

// test/setup.ts closes the socket after each test; the list of the ones made is this file's.
beforeEach(() => {
  sockets.length = 0;
});

/**
 * The live link opens from the signed-in part of the shell, a chunk of its own (loadMemberShell.ts):
 * the first test of the file waits for its import, which takes more than waitFor's 1 s on a busy machine.
 */
const socketOpened = () => waitFor(() => expect(sockets).toHaveLength(1), { timeout: 10_000 });

function memberApi(me = buildMe()) {
  return fakeApi()
    .answer(systemRoutes.publicConfig, { siteName: 'Velvet Lounge', siteFavicon: '' })
    .answer(systemRoutes.configKeys, { footerContent: '', footerScript: '' })
    .answer(menuRoutes.section, page([]))
    .answer(profileRoutes.me, me)
    .answer(authRoutes.logout, null);
}

describe('the top bar for a signed-in member', () => {
  it('recognises a cookie silently, shows balance, name and the live link, and signs out', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    const api = memberApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    renderShell('/');

    const banner = screen.getByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: /Ada Lovelace/ });
    // Amounts show with 2 decimals and thousands separators (docs/product.md#units).
    expect(within(banner).getByRole('link', { name: /Balance: 1,234\.56 tokens/ })).toHaveAttribute('href', '/tokens');
    expect(within(banner).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    // The socket opens with the token and its state shows in the dot.
    await socketOpened();
    expect(sockets[0]!.options).toMatchObject({ query: { token: 'jwt-ok' } });
    const dot = document.querySelector('[data-socket-status]')!;
    expect(dot).toHaveAttribute('data-socket-status', 'initialized');
    sockets[0]!.receive('connect');
    expect(dot).toHaveAttribute('data-socket-status', 'connected');
    expect(dot).toHaveAttribute('aria-label', 'Connection: Live');

    // 'me:updated' replaces the cached member.
    sockets[0]!.receive('me:updated', { user: buildMe({ balance: 5 }) });
    expect(within(banner).getByRole('link', { name: /Balance: 5\.00 tokens/ })).toBeVisible();

    fireEvent.click(menuButton);
    // Everyone signed in has a call history (docs/product.md#calls).
    expect(screen.getByRole('menuitem', { name: 'Calls' })).toHaveAttribute('href', '/calls');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true }));
    expect(sockets[0]!.disconnect).toHaveBeenCalled();
    expect(readAccessToken()).toBeNull();
    expect(api.requestsTo(authRoutes.logout)).toHaveLength(1);
    await within(banner).findByRole('link', { name: 'Sign in' });
  }, 20_000);

  it("logs out locally when the server revokes the session ('session:revoked')", async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    const api = memberApi();
    const navigate = vi.fn();
    setNavigator(navigate);
    renderShell('/');
    await socketOpened();

    sockets[0]!.receive('session:revoked', { reason: 'password-changed' });

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth/login?ended=password-changed', { replace: true }));
    expect(readAccessToken()).toBeNull();
    // The server already knows: no logout call.
    expect(api.requestsTo(authRoutes.logout)).toHaveLength(0);
  }, 20_000);

  it('gives a creator one Creator link to her tools, lit on each of their pages; a member has none', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    memberApi(buildMe({ type: 'model' }));
    const { unmount } = renderShell('/store');
    const creator = await within(screen.getByRole('banner')).findByRole('link', { name: 'Creator' });
    expect(creator).toHaveAttribute('href', '/earnings');
    expect(creator).toHaveAttribute('aria-current', 'page');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Tokens' })).not.toHaveAttribute('aria-current');
    unmount();

    memberApi(buildMe({ type: 'user' }));
    renderShell('/tokens');
    await within(screen.getByRole('banner')).findByRole('link', { name: 'Tokens' });
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Creator' })).not.toBeInTheDocument();
  });

  it('shows the Admin link only to administrators, without the token pill and Tokens a buyer needs', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    memberApi(buildMe({ role: 'admin' }));
    renderShell('/');
    const admin = await within(screen.getByRole('banner')).findByRole('link', { name: 'Admin' });
    expect(admin).toHaveAttribute('href', '/admin');
    // She runs the site and buys nothing: no token pill, no Tokens.
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /^Balance:/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Tokens' })).not.toBeInTheDocument();
  });
});
