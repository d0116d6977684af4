import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import type { AdminMenuItem, AdminModelRow, AdminUserRow, Me, OutboxRow, Settings } from '@cc/contracts';
import { createAppStore } from '../../../app/store';
import { setLogin } from '../../../shared/auth/authSlice';
import { useGetPublicConfigQuery } from '../../../shared/site/siteApi';
import AdminApp from '../AdminApp';

export { fakeServer, type FakeRequest } from '../../../../test/fakeApi';

export const list = <T,>(items: T[], count = items.length) => ({ body: { items, count } });
export const refusal = (status: number, msg: string, fields?: Record<string, string>) => ({
  status,
  body: { code: status === 422 ? 'VALIDATION_FAILED' : 'FORBIDDEN', msg, ...(fields ? { details: { fields } } : {}) },
});

// ---- rendering --------------------------------------------------------------------------------

export const ADMIN: Me = {
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  name: 'Site Admin',
  bio: '',
  avatarUrl: null,
  type: 'user',
  tokenPerMessage: 0,
  callRate: 0,
  callAvailable: false,
  phoneVerified: false,
  isApproved: true,
  isActive: true,
  gender: null,
  age: null,
  city: '',
  state: '',
  country: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  email: 'admin@example.test',
  role: 'admin',
  balance: 0,
  emailVerified: true,
  isCompletedProfile: false,
  modelStatus: 'none',
  verificationDocument: null,
  address: '',
  postCode: '',
  phoneNumber: '',
};

/** Publishes the shell's public-config query so tests can see whether saving refreshes it. */
function ShellConfigProbe() {
  const { data } = useGetPublicConfigQuery();
  return <p data-testid="shell-site-name">{data?.siteName ?? ''}</p>;
}

/** Renders the admin area at `path` with a real store, router and toaster, signed in as an admin. */
export function renderAdmin(path = '/admin', { withShellConfig = false } = {}) {
  document.cookie = 'accessToken=test-admin-token; path=/';
  const store = createAppStore();
  store.dispatch(setLogin(ADMIN));
  const router = createMemoryRouter([{ path: '/admin/*', element: <AdminApp /> }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      {withShellConfig ? <ShellConfigProbe /> : null}
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router, admin: ADMIN };
}

// ---- data ---------------------------------------------------------------------------------------

let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aModel(overrides: Partial<AdminModelRow> = {}): AdminModelRow {
  const id = overrides._id ?? uuid();
  return {
    _id: id,
    username: 'ruby',
    name: 'Ruby Rose',
    email: 'ruby@example.test',
    avatarUrl: null,
    status: 'active',
    modelStatus: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    verificationDocument: {
      documentType: 'passport',
      legalName: 'Ruby Anne Rose',
      birthDate: '1995-06-15',
      fileUrl: `/api/files/${id}/passport.png`,
      submittedAt: '2026-03-02T10:00:00.000Z',
      reviewedAt: null,
      refusalReason: null,
    },
    ...overrides,
  };
}

export function aMember(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    _id: uuid(),
    username: 'sam',
    name: 'Sam Member',
    email: 'sam@example.test',
    role: 'user',
    type: 'user',
    status: 'active',
    modelStatus: 'none',
    emailVerified: true,
    balance: 0,
    avatarUrl: null,
    phoneNumber: null,
    address: '',
    postCode: '',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function someSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    siteName: 'Creator Chat',
    siteFavicon: '',
    footerContent: '<p>© Creator Chat</p>',
    footerScript: '',
    contactEmail: 'team@example.test',
    siteCommission: 20,
    minPayoutTokens: 100,
    signupFreeTokens: 0,
    callRingSeconds: 30,
    legacySocketEvents: true,
    ...overrides,
  };
}

export function aMenu(overrides: Partial<AdminMenuItem> = {}): AdminMenuItem {
  return { _id: uuid(), title: 'Terms', path: '/terms', openNewTab: false, section: 'footer', ordering: 0, ...overrides };
}

export function aMail(overrides: Partial<OutboxRow> = {}): OutboxRow {
  return {
    _id: uuid(),
    to: 'ruby@example.test',
    subject: 'Your verification code',
    template: 'verify-email',
    status: 'sent',
    attempts: 1,
    createdAt: '2026-03-02T10:00:00.000Z',
    sentAt: '2026-03-02T10:00:05.000Z',
    lastError: null,
    ...overrides,
  };
}
