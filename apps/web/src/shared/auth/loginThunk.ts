import { createAsyncThunk } from '@reduxjs/toolkit';
import type { Me } from '@cc/contracts';
import { toApiError, type ApiError } from '../api/apiError';
import { clearStoredSession, markLoggedIn, storeAccessToken } from '../api/session';
import { sessionApi, type LoginRequest } from './sessionApi';

/**
 * POST /auth/login, store the token with the keep-login choice (kept unless the form says otherwise,
 * as the server does), then fetch the current user (docs/product.md#accounts). The form shows the
 * rejected value (the server's error body).
 */
export const login = createAsyncThunk<Me, LoginRequest, { rejectValue: ApiError }>(
  'auth/login',
  async (input, { dispatch, rejectWithValue }) => {
    const answer = await dispatch(sessionApi.endpoints.login.initiate(input));
    if (answer.error) return rejectWithValue(toApiError(answer.error));

    storeAccessToken(answer.data.token, input.keepLogin ?? true);
    markLoggedIn();

    const me = await dispatch(sessionApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
    if (me.error || !me.data) {
      clearStoredSession();
      return rejectWithValue(toApiError(me.error));
    }
    return me.data;
  },
);
