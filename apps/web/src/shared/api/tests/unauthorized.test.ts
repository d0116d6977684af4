import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../../app/store';
import { baseApi } from '../baseApi';
import { setNavigator } from '../navigation';
import { markLoggedIn, readAccessToken } from '../session';
import { setLogin } from '../../auth/authSlice';
import { clearBrowserSession, fakeServer } from '../../../../test/fakeServer';
import { buildMe } from '../../../../test/factories';

/** A protected call as any feature would declare it (default 401 handling). */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestOtp: build.mutation<null, void>({ query: () => ({ url: '/users/otp/', method: 'GET' }) }),
  }),
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearBrowserSession();
  window.history.replaceState(null, '', '/');
});

describe('a 401 answer anywhere (docs/product.md#client-rules)', () => {
  it('clears the session, resets the state and redirects to /auth/login, raising "Forbidden in the action!"', async () => {
    fakeServer({ 'GET /api/users/otp/': { status: 401, body: { code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.' } } }).install();
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/account/deactivate');
    document.cookie = 'accessToken=revoked; path=/';
    markLoggedIn();
    const store = createAppStore();
    store.dispatch(setLogin(buildMe()));

    const result = await store.dispatch(probeApi.endpoints.requestOtp.initiate());

    expect(result.error).toMatchObject({ status: 401, msg: 'Forbidden in the action!' });
    expect(readAccessToken()).toBeNull();
    // The state reset and the redirect follow a tick later (see baseApi).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(store.getState().auth).toMatchObject({ loggedIn: false, user: null });
    // Back to the page the person was on after signing in again.
    expect(navigate).toHaveBeenCalledWith('/auth/login?ended=expired&next=%2Faccount%2Fdeactivate', { replace: true });
  });
});
