import { createAsyncThunk } from '@reduxjs/toolkit';
import { readAccessToken } from '../api/session';
import { closeSocket } from '../socket/socketClient';
import { endSession, type EndSessionOptions } from './endSession';
import { sessionApi } from './sessionApi';

type LogoutOptions = {
  /** The server already ended the session (revoked, deactivated): no need to tell it. */
  serverKnows?: boolean;
  loginNotice?: EndSessionOptions['loginNotice'];
  /** Where the person was, to return there after signing in again. */
  next?: string;
};

/** Logout clears the session (docs/product.md#client-rules) and redirects to /auth/login. */
export const logout = createAsyncThunk('auth/logout', async (options: LogoutOptions | void, { dispatch }) => {
  const { serverKnows = false, loginNotice, next } = options ?? {};
  // Close the live link first: the server's own "session revoked" echo must not log us out twice.
  closeSocket();
  if (!serverKnows && readAccessToken()) {
    await dispatch(sessionApi.endpoints.logout.initiate());
  }
  endSession(dispatch, { redirectToLogin: true, ...(loginNotice ? { loginNotice } : {}), ...(next ? { next } : {}) });
});
