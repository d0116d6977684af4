import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes, profileRoutes } from '@cc/contracts';
import { createAppStore } from '../../../app/store';
import { appReset, readAccessToken } from '../../api/session';
import { setNavigator } from '../../api/navigation';
import { socketConnected } from '../../socket/socketSlice';
import { setLogin, userUpdated } from '../authSlice';
import { login } from '../loginThunk';
import { logout } from '../logoutThunk';
import { sessionApi } from '../sessionApi';
import { fakeApi } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';

const me = buildMe();
const credentials = { email: 'ada@example.test', password: 'Journey!Pass1', keepLogin: true };

beforeEach(() => setNavigator(vi.fn()));

describe('login (docs/product.md#accounts)', () => {
  it('goes requesting, then success: logged in with the user, token and flag stored', async () => {
    const api = fakeApi().answer(authRoutes.login, { token: 'jwt-ok', expiresAt: '2027-01-01T00:00:00Z' }).answer(profileRoutes.me, me);
    const store = createAppStore();

    const pending = store.dispatch(login(credentials));
    expect(store.getState().auth).toMatchObject({ requesting: true, loggedIn: false });
    await pending;

    expect(store.getState().auth).toMatchObject({ requesting: false, success: true, loggedIn: true, user: me, error: null });
    expect(readAccessToken()).toBe('jwt-ok');
    expect(localStorage.getItem('isLoggedIn')).toBe('yes');
    // The current user is fetched with the new token (docs/product.md#accounts).
    expect(api.requests.map((request) => request.route)).toEqual([authRoutes.login, profileRoutes.me]);
    expect(api.requestsTo(profileRoutes.me)[0]!.headers.get('Authorization')).toBe('Bearer jwt-ok');
  });

  it('fails logged out with the error, and stores nothing', async () => {
    const error = { code: 'INVALID_CREDENTIALS', msg: 'That e-mail and password do not match.' };
    fakeApi().refuse(authRoutes.login, 401, error.msg, { code: error.code });
    const store = createAppStore();

    await store.dispatch(login(credentials));

    expect(store.getState().auth).toMatchObject({
      requesting: false,
      success: false,
      loggedIn: false,
      user: null,
      error: { status: 401, ...error },
    });
    expect(readAccessToken()).toBeNull();
  });

  it('set-login marks a session found from the cookie; updates replace the user', () => {
    const store = createAppStore();
    store.dispatch(setLogin(me));
    expect(store.getState().auth).toMatchObject({ loggedIn: true, user: me });
    store.dispatch(userUpdated({ ...me, balance: 5 }));
    expect(store.getState().auth.user?.balance).toBe(5);
  });

  it('a successful "who am I" also logs the person in', async () => {
    document.cookie = 'accessToken=jwt-cookie; path=/';
    fakeApi().answer(profileRoutes.me, me);
    const store = createAppStore();
    await store.dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false }));
    expect(store.getState().auth).toMatchObject({ loggedIn: true, user: me });
  });
});

describe('the global reset', () => {
  it('returns every slice, the API cache included, to its initial state', async () => {
    fakeApi().answer(profileRoutes.me, me);
    const store = createAppStore();
    const initial = store.getState();
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    store.dispatch(socketConnected());
    expect(store.getState()).not.toEqual(initial);

    store.dispatch(appReset());

    expect(store.getState().auth).toEqual(initial.auth);
    expect(store.getState().socket).toEqual(initial.socket);
    expect(store.getState().api.queries).toEqual({});
  });
});

describe('logout (docs/product.md#client-rules)', () => {
  it('tells the server, clears cookie, flag and state, and goes to /auth/login', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    const api = fakeApi()
      .answer(authRoutes.login, { token: 'jwt-ok', expiresAt: '2027-01-01T00:00:00Z' })
      .answer(profileRoutes.me, me)
      .answer(authRoutes.logout, null);
    const store = createAppStore();
    await store.dispatch(login(credentials));

    await store.dispatch(logout());

    expect(api.requestsTo(authRoutes.logout)).toHaveLength(1);
    expect(readAccessToken()).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(store.getState().auth).toMatchObject({ loggedIn: false, user: null });
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });
});
