import type { AdminMenuItem, AdminModelRow, AdminUserRow, Me, OutboxRow, Settings } from '@cc/contracts';
import { buildMe } from '../../../../../test/factories';
import { renderApp } from '../../../../../test/renderApp';
import { useGetPublicConfigQuery } from '../../../../shared/site/siteApi';
import AdminApp from '../../AdminApp';

// ---- rendering --------------------------------------------------------------------------------

export const ADMIN: Me = buildMe({
  _id: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  name: 'Site Admin',
  tokenPerMessage: 0,
  email: 'admin@example.test',
  role: 'admin',
  balance: 0,
});

/** Publishes the shell's public-config query so tests can see whether saving refreshes it. */
function ShellConfigProbe() {
  const { data } = useGetPublicConfigQuery();
  return <p data-testid="shell-site-name">{data?.siteName ?? ''}</p>;
}

/** The admin area at `path`, signed in as an administrator. */
export function renderAdmin(path = '/admin', { withShellConfig = false } = {}) {
  const view = renderApp([{ path: '/admin/*', element: <AdminApp /> }], {
    path,
    me: ADMIN,
    beside: withShellConfig ? <ShellConfigProbe /> : null,
  });
  return { ...view, admin: ADMIN };
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
    payoutRateCents: 8,
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
