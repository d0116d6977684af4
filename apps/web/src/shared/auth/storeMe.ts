import type { Me } from '@cc/contracts';
import type { AppDispatch } from '../../shared/store/hooks';
import { userUpdated } from './authSlice';
import { sessionApi } from './sessionApi';

/** A newer copy of the signed-in member (from a mutation or the socket) replaces every cached one. */
export function storeMe(dispatch: AppDispatch, me: Me) {
  dispatch(userUpdated(me));
  dispatch(sessionApi.util.updateQueryData('getMe', undefined, () => me));
}
