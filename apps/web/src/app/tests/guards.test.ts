import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { createAppStore } from '../store';
import { requireAdmin, requireAuth } from '../routes/guards';
import { readAccessToken } from '../../shared/api/session';
import { clearBrowserSession, fakeServer } from '../../../test/fakeServer';
import { buildMe } from '../../../test/factories';

const visit = (path: string) =>
  ({ request: new Request(`http://localhost${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

/** What a loader threw or returned: a redirect's target, an error status, or "let in". */
async function outcome(loader: (args: LoaderFunctionArgs) => Promise<unknown>, path: string) {
  try {
    await loader(visit(path));
    return 'let in';
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location')}`;
    const status = (thrown as { init?: { status?: number } }).init?.status;
    return `status ${status}`;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
});

describe('pages that require authentication (docs/product.md#client-rules)', () => {
  it('send someone with no login and no cookie to /auth/login, remembering the page', async () => {
    const server = fakeServer({});
    server.install();
    expect(await outcome(requireAuth(createAppStore()), '/account/profile?tab=1')).toBe(
      'redirect /auth/login?next=%2Faccount%2Fprofile%3Ftab%3D1',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('with a cookie, fetch the current user and treat them as logged in', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    fakeServer({ 'GET /api/users/me': { body: { data: buildMe() } } }).install();
    const store = createAppStore();
    expect(await outcome(requireAuth(store), '/account/profile')).toBe('let in');
    expect(store.getState().auth).toMatchObject({ loggedIn: true, user: { username: 'ada_l' } });
  });

  it('send to /auth/login when that fetch fails, forgetting a refused token', async () => {
    document.cookie = 'accessToken=not-a-token; path=/';
    fakeServer({ 'GET /api/users/me': { status: 401, body: { code: 'UNAUTHENTICATED', msg: 'Please sign in.' } } }).install();
    expect(await outcome(requireAuth(createAppStore()), '/account/password')).toBe(
      'redirect /auth/login?ended=expired&next=%2Faccount%2Fpassword',
    );
    expect(readAccessToken()).toBeNull();
  });

  it('check again on every visit, so a session ended elsewhere is noticed', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    let revoked = false;
    fakeServer({
      'GET /api/users/me': () => (revoked ? { status: 401, body: { code: 'UNAUTHENTICATED', msg: 'x' } } : { body: { data: buildMe() } }),
    }).install();
    const store = createAppStore();
    const guard = requireAuth(store);
    expect(await outcome(guard, '/account/profile')).toBe('let in');
    revoked = true;
    expect(await outcome(guard, '/account/password')).toBe('redirect /auth/login?ended=expired&next=%2Faccount%2Fpassword');
    expect(store.getState().auth.loggedIn).toBe(false);
  });
});

describe('admin pages', () => {
  it('let administrators in', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    fakeServer({ 'GET /api/users/me': { body: { data: buildMe({ role: 'admin' }) } } }).install();
    expect(await outcome(requireAdmin(createAppStore()), '/admin/models')).toBe('let in');
  });

  it('refuse other members with 403', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    fakeServer({ 'GET /api/users/me': { body: { data: buildMe({ role: 'user' }) } } }).install();
    expect(await outcome(requireAdmin(createAppStore()), '/admin')).toBe('status 403');
  });

  it('send signed-out visitors to the login page', async () => {
    fakeServer({}).install();
    expect(await outcome(requireAdmin(createAppStore()), '/admin')).toBe('redirect /auth/login?next=%2Fadmin');
  });
});
