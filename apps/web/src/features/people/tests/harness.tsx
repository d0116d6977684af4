import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, useParams } from 'react-router';
import { Toaster } from 'sonner';
import type { Contact, ListedUser, Me, ProfileByUsername } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { createAppStore } from '../../../app/store';
import { setLogin } from '../../../shared/auth/authSlice';
import ContactsPage from '../pages/ContactsPage';
import ModelProfilePage from '../pages/ModelProfilePage';
import ModelsPage from '../pages/ModelsPage';
import PeopleSearchPage from '../pages/PeopleSearchPage';

export { fakeServer, type FakeRequest } from '../../../../test/fakeApi';

export const list = <T,>(items: T[], count = items.length) => ({ body: { items, count } });

function Chat() {
  return <p>Chat {useParams().conversationId}</p>;
}

function Login() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

/** The people pages at `path` with the real store and router; `me: null` is a signed-out visitor. */
export function renderPeople(path: string, { me = buildMe() }: { me?: Me | null } = {}) {
  if (me) document.cookie = 'accessToken=test-token; path=/';
  const store = createAppStore();
  if (me) store.dispatch(setLogin(me));
  const router = createMemoryRouter(
    [
      { path: '/models', Component: ModelsPage },
      { path: '/models/:username', Component: ModelProfilePage },
      { path: '/people', Component: PeopleSearchPage },
      { path: '/contacts', Component: ContactsPage },
      { path: '/messages/:conversationId', Component: Chat },
      { path: '/auth/login', Component: Login },
      { path: '/account/profile', element: <p>Account profile</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router };
}

let serial = 100;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aMember(overrides: Partial<ListedUser> = {}): ListedUser {
  return {
    _id: uuid(),
    username: 'ruby',
    name: 'Ruby Rose',
    bio: 'Late-night talks and vinyl records.',
    avatarUrl: null,
    type: 'model',
    tokenPerMessage: 1.5,
    callRate: 2,
    callAvailable: true,
    phoneVerified: false,
    isApproved: true,
    isActive: true,
    gender: null,
    age: null,
    city: '',
    state: '',
    country: '',
    createdAt: '2026-02-01T10:00:00.000Z',
    isFriend: false,
    ...overrides,
  };
}

export function aProfile(overrides: Partial<ProfileByUsername> = {}): ProfileByUsername {
  return { ...aMember(), contactId: null, ...overrides };
}

export function aContact(overrides: Partial<Contact> = {}): Contact {
  return { ...aMember({ isFriend: true }), contactId: uuid(), ...overrides };
}
