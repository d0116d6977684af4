import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { profileRoutes } from '@cc/contracts';
import { createAppStore } from '../store';
import { requireAdmin, requireAuth } from '../routes/guards';
import { readAccessToken } from '../../shared/api/session';
import { fakeApi, refusal } from '../../../test/fakeApi';
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

describe('pages that require authentication (docs/product.md#client-rules)', () => {
  it('send someone with no login and no cookie to /auth/login, remembering the page', async () => {
    const api = fakeApi();
    expect(await outcome(requireAuth(createAppStore()), '/account/profile?tab=1')).toBe(
      'redirect /auth/login?next=%2Faccount%2Fprofile%3Ftab%3D1',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('with a cookie, fetch the current user and treat them as logged in', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    fakeApi().answer(profileRoutes.me, buildMe());
    const store = createAppStore();
    expect(await outcome(requireAuth(store), '/account/profile')).toBe('let in');
    expect(store.getState().auth).toMatchObject({ loggedIn: true, user: { username: 'ada_l' } });
  });

  it('send to /auth/login when that fetch fails, forgetting a refused token', async () => {
    document.cookie = 'accessToken=not-a-token; path=/';
    fakeApi().refuse(profileRoutes.me, 401, 'Please sign in.');
    expect(await outcome(requireAuth(createAppStore()), '/account/password')).toBe(
      'redirect /auth/login?ended=expired&next=%2Faccount%2Fpassword',
    );
    expect(readAccessToken()).toBeNull();
  });

  it('check again on every visit, so a session ended elsewhere is noticed', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    let revoked = false;
    fakeApi().answer(profileRoutes.me, () => (revoked ? refusal(401, 'x') : buildMe()));
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
    fakeApi().answer(profileRoutes.me, buildMe({ role: 'admin' }));
    expect(await outcome(requireAdmin(createAppStore()), '/admin/models')).toBe('let in');
  });

  it('refuse other members with 403', async () => {
    document.cookie = 'accessToken=jwt-ok; path=/';
    fakeApi().answer(profileRoutes.me, buildMe({ role: 'user' }));
    expect(await outcome(requireAdmin(createAppStore()), '/admin')).toBe('status 403');
  });

  it('send signed-out visitors to the login page', async () => {
    fakeApi();
    expect(await outcome(requireAdmin(createAppStore()), '/admin')).toBe('redirect /auth/login?next=%2Fadmin');
  });
});
