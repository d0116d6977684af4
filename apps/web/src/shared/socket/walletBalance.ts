import type { AppDispatch, RootState } from '../../shared/store/hooks';
import { storeMe } from '../auth/storeMe';

/**
 * A new wallet balance in tokens from the server — the 'wallet:balance' event, a tip's or a
 * purchase's answer, all tokens on the wire (docs/product.md#units) — goes into the cached member,
 * so the top-bar chip and every page showing it follow.
 */
export const balanceChanged = (balance: number) => (dispatch: AppDispatch, getState: () => RootState) => {
  const me = getState().auth.user;
  if (!me || me.balance === balance) return;
  storeMe(dispatch, { ...me, balance });
};
