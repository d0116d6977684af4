import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import { loadCurrentUser } from '../../shared/auth/loadCurrentUser';
import { selectIsLoggedIn } from '../../shared/auth/authSlice';

/**
 * On other pages a present token is used silently (docs/product.md#client-rules): on the first render, a cookie left
 * from an earlier visit is checked in the background and the person appears signed in.
 */
export function useSessionBootstrap() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  useEffect(() => {
    if (!loggedIn) void loadCurrentUser(dispatch, { fresh: false });
    // Only once per page load: later sign-ins come through the login flow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
