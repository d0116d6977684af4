import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileRoutes } from '@cc/contracts';
import { createAppStore } from '../../../app/store';
import { baseApi } from '../baseApi';
import { rememberSessionEnd, setNavigator } from '../navigation';
import { markLoggedIn, readAccessToken } from '../session';
import { setLogin } from '../../auth/authSlice';
import { fakeApi } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';

/** A protected call as any feature would declare it (default 401 handling). */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestOtp: build.mutation<null, void>({ query: () => ({ url: '/users/otp/', method: 'GET' }) }),
  }),
});

// The page this test moves the window to; test/setup.ts resets the rest.
afterEach(() => window.history.replaceState(null, '', '/'));

describe('a 401 answer anywhere (docs/product.md#client-rules)', () => {
  it('clears the session, resets the state and redirects to /auth/login, raising "Forbidden in the action!"', async () => {
    fakeApi().refuse(profileRoutes.accountCodeStatus, 401, 'Please sign in to continue.', { code: 'UNAUTHENTICATED' });
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

  it('names a suspended account when the server says that is why, instead of an expired session', async () => {
    fakeApi().refuse(profileRoutes.accountCodeStatus, 401, 'This account has been suspended by an administrator.', {
      code: 'UNAUTHENTICATED',
      details: { reason: 'suspended' },
    });
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/messages');
    document.cookie = 'accessToken=revoked; path=/';
    markLoggedIn();
    const store = createAppStore();
    store.dispatch(setLogin(buildMe()));

    await store.dispatch(probeApi.endpoints.requestOtp.initiate());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledWith('/auth/login?ended=suspended&next=%2Fmessages', { replace: true });
  });

  it('keeps the reason the session just ended for when a query refetched in the reset meets a 401 without a token', async () => {
    // The socket's "suspended" ended the session here; the reset refetched a list with no token.
    fakeApi().refuse(profileRoutes.accountCodeStatus, 401, 'Please sign in to continue.', { code: 'UNAUTHENTICATED' });
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/messages');
    rememberSessionEnd('suspended');
    const store = createAppStore();

    await store.dispatch(probeApi.endpoints.requestOtp.initiate());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigate).toHaveBeenCalledWith('/auth/login?ended=suspended&next=%2Fmessages', { replace: true });
  });
});
