import { Outlet, useLocation, useParams } from 'react-router';
import {
  publicUserSchema,
  type Contact,
  type Conversation,
  type ListedUser,
  type Me,
  type ProfileByUsername,
  type PublicUser,
} from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { useCallabilityLive } from '../hooks/useCallabilityLive';
import ContactsPage from '../pages/ContactsPage';
import ModelProfilePage from '../pages/ModelProfilePage';
import ModelsPage from '../pages/ModelsPage';
import PeopleSearchPage from '../pages/PeopleSearchPage';

function Chat() {
  return <p>Chat {useParams().conversationId}</p>;
}

function Login() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

function LiveFrame() {
  useCallabilityLive();
  return <Outlet />;
}

/** The people pages at `path`; `me: null` is a signed-out visitor. With `live`, the socket and the shell's callability listener. */
export function renderPeople<Live extends boolean = false>(path: string, { me = buildMe(), live }: { me?: Me | null; live?: Live } = {}) {
  const pages = [
    { path: '/models', Component: ModelsPage },
    { path: '/models/:username', Component: ModelProfilePage },
    { path: '/people', Component: PeopleSearchPage },
    { path: '/contacts', Component: ContactsPage },
    { path: '/messages/:conversationId', Component: Chat },
    { path: '/auth/login', Component: Login },
    { path: '/account/profile', element: <p>Account profile</p> },
  ];
  return renderApp(live ? [{ Component: LiveFrame, children: pages }] : pages, { path, me, live });
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

/** What everyone may see of a member, the contract's fields of it (a conversation lists both members so). */
const publicOf = (user: PublicUser): PublicUser =>
  Object.fromEntries(Object.keys(publicUserSchema.shape).map((key) => [key, user[key as keyof PublicUser]])) as PublicUser;

/** A new conversation with `member`, as POST /conversation answers it to the signed-in member (buildMe). */
export function aConversation(member: ListedUser, overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: uuid(),
    recipient: {
      _id: member._id,
      username: member.username,
      name: member.name,
      avatarUrl: member.avatarUrl,
      type: member.type,
      tokenPerMessage: member.tokenPerMessage,
      isOnline: false,
    },
    members: [publicOf(buildMe()), publicOf(member)],
    blockedIds: [],
    haveBeenBlockStatus: false,
    unreadMessageCount: 0,
    lastMessageId: null,
    lastMessage: null,
    lastMessageAt: null,
    recipientReadSeq: 0,
    createdAt: '2026-03-04T10:12:00.000Z',
    ...overrides,
  };
}
