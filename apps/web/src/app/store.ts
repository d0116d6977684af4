import { combineReducers, configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { callReducer } from '../features/calls/model/callSlice';
import { chatReducer } from '../features/messaging/model/chatSlice';
import { baseApi } from '../shared/api/baseApi';
import { appReset } from '../shared/api/session';
import { authReducer } from '../shared/auth/authSlice';
import { socketReducer } from '../shared/socket/socketSlice';

const appReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  auth: authReducer,
  socket: socketReducer,
  chat: chatReducer,
  call: callReducer,
});

export type RootState = ReturnType<typeof appReducer>;

// Shared code and features type the state through shared/store/hooks.ts; this fills it in.
declare module '../shared/store/hooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merged interface is the real state
  interface RootState extends ReturnType<typeof appReducer> {}
}

/** The whole application state resets on the global reset action (docs/product.md#client-rules). */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return appReducer(appReset.match(action) ? undefined : state, action);
}

export function createAppStore() {
  // RTK Query keeps subscriptions and timers in its middleware, outside the state; its own reset
  // action clears those too, so the global reset is followed by it.
  const resetListener = createListenerMiddleware();
  resetListener.startListening({
    actionCreator: appReset,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(resetListener.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
