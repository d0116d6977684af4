import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Me } from '@cc/contracts';
import type { ApiError } from '../api/apiError';
import { login } from './loginThunk';
import { sessionApi } from './sessionApi';

/**
 * Login (docs/product.md#accounts): requesting, then success (logged in with the user) or fail (logged out with the
 * error); set-login marks a session found from the cookie; logout is the global reset (appReset),
 * which returns this slice to its initial state along with everything else.
 */
export type AuthState = {
  requesting: boolean;
  success: boolean;
  error: ApiError | null;
  loggedIn: boolean;
  user: Me | null;
};

export const initialAuthState: AuthState = { requesting: false, success: false, error: null, loggedIn: false, user: null };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setLogin: (state, action: PayloadAction<Me>) => {
      state.loggedIn = true;
      state.user = action.payload;
    },
    /** The server sent a newer copy of the signed-in member (profile edit, approval, balance). */
    userUpdated: (state, action: PayloadAction<Me>) => {
      if (state.loggedIn) state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.requesting = true;
        state.success = false;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.requesting = false;
        state.success = true;
        state.loggedIn = true;
        state.user = action.payload;
      })
      .addCase(login.rejected, (state, action) => {
        state.requesting = false;
        state.success = false;
        state.loggedIn = false;
        state.user = null;
        state.error = action.payload ?? { status: 0, code: 'UNKNOWN' };
      })
      // Any successful "who am I" (page load with a cookie, a protected page) is a set-login.
      .addMatcher(sessionApi.endpoints.getMe.matchFulfilled, (state, action) => {
        state.loggedIn = true;
        state.user = action.payload;
      });
  },
});

export const { setLogin, userUpdated } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectIsLoggedIn = (state: WithAuth) => state.auth.loggedIn;
export const selectIsAdmin = (state: WithAuth) => state.auth.user?.role === 'admin';
