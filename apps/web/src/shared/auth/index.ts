export { authReducer, selectCurrentUser, selectIsAdmin, selectIsLoggedIn, setLogin, userUpdated, type AuthState } from './authSlice';
export { endSession } from './endSession';
export { loadCurrentUser } from './loadCurrentUser';
export { login } from './loginThunk';
export { logout } from './logoutThunk';
export { sessionApi } from './sessionApi';
export { storeMe } from './storeMe';
