import {
  contactRoutes,
  conversationRoutes,
  directoryRoutes,
  walletRoutes,
  type Contact,
  type List,
  type MemberType,
  type RouteAnswer,
  type ServerEventPayload,
} from '@cc/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { balanceChanged } from '../../../shared/socket/walletBalance';
import type { RootState } from '../../../shared/store/hooks';
import { contactAdded, contactRemoved, withFriendship, type PersonRef } from '../lib/contactList';

export type MemberSearchArgs = { q?: string; type?: MemberType; limit: number; skip: number };
export type ContactListArgs = { q?: string; limit: number; skip: number };
export type RemoveContactArgs = { person: PersonRef; contactId?: string | null };
/** A tip: `token` is the amount in tokens (2.5 is 2.50 tokens). */
export type TipBody = RouteBody<typeof walletRoutes.tip>;

/**
 * The directory and profiles are public pages: a signed-out visitor's 401 is shown there, not
 * turned into a trip to the login page.
 */
const publicRead = { on401: 'return' as const };

type CacheDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/search — everyone, or only models (`type: 'model'`) for the directory. */
    searchMembers: build.query<RouteAnswer<typeof directoryRoutes.search>, MemberSearchArgs>({
      query: (search) => routeRequest(directoryRoutes.search, { query: search }),
      extraOptions: publicRead,
      providesTags: ['Member'],
    }),
    getProfileByUsername: build.query<RouteAnswer<typeof directoryRoutes.findByUsername>, string>({
      query: (username) => routeRequest(directoryRoutes.findByUsername, { params: { username } }),
      extraOptions: publicRead,
      providesTags: (_result, _error, username) => [{ type: 'Member', id: username }],
    }),

    listContacts: build.query<RouteAnswer<typeof contactRoutes.list>, ContactListArgs>({
      query: (page) => routeRequest(contactRoutes.list, { query: page }),
      providesTags: ['Contact'],
    }),
    addContact: build.mutation<RouteAnswer<typeof contactRoutes.add>, RouteBody<typeof contactRoutes.add>>({
      query: (body) => routeRequest(contactRoutes.add, { body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled, getState }) => {
        try {
          const { data: contact } = await queryFulfilled;
          patchContacts(dispatch, getState() as RootState, (list, view) => contactAdded(list, contact, view));
          patchFriendship(dispatch, getState() as RootState, contact._id, contact.contactId ?? contact._id);
        } catch {
          // The button shows the refusal.
        }
      },
    }),
    removeContact: build.mutation<RouteAnswer<typeof contactRoutes.remove>, RemoveContactArgs>({
      // The server takes the contact's id or the member's; the member's is always known.
      query: ({ person, contactId }) => routeRequest(contactRoutes.remove, { params: { id: contactId ?? person._id } }),
      onQueryStarted: async ({ person }, { dispatch, queryFulfilled, getState }) => {
        try {
          await queryFulfilled;
          patchContacts(dispatch, getState() as RootState, (list, view) => contactRemoved(list, person, view));
          patchFriendship(dispatch, getState() as RootState, person._id, null);
        } catch {
          // The button shows the refusal.
        }
      },
    }),
    inviteFriend: build.mutation<RouteAnswer<typeof contactRoutes.invite>, RouteBody<typeof contactRoutes.invite>>({
      query: (body) => routeRequest(contactRoutes.invite, { body }),
    }),

    /** POST /conversation: the conversation with this member, new or existing. */
    openConversationWith: build.mutation<RouteAnswer<typeof conversationRoutes.start>, RouteBody<typeof conversationRoutes.start>>({
      query: (body) => routeRequest(conversationRoutes.start, { body }),
      // The chat list owns where a conversation goes; it refetches and finds this one.
      invalidatesTags: (_result, error) => (error ? [] : ['Conversation']),
    }),

    /** POST /share-love/create: a tip to a model; the answer carries the tipper's new balance (tokens). */
    sendTip: build.mutation<RouteAnswer<typeof walletRoutes.tip>, TipBody>({
      query: (body) => routeRequest(walletRoutes.tip, { body }),
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(balanceChanged(data.balance));
        } catch {
          // The tip form shows the refusal.
        }
      },
    }),
  }),
});

/** Every cached page of the contact list, changed by `change` (docs/product.md#messaging, as cache updates). */
function patchContacts(dispatch: CacheDispatch, state: RootState, change: (list: List<Contact>, view: ContactListArgs) => List<Contact>) {
  for (const args of contactsApi.util.selectCachedArgsForQuery(state, 'listContacts')) {
    dispatch(contactsApi.util.updateQueryData('listContacts', args, (list) => change(list, args)));
  }
}

/** isFriend (and contactId on profiles) everywhere this member is shown. */
function patchFriendship(dispatch: CacheDispatch, state: RootState, userId: string, contactId: string | null) {
  for (const args of contactsApi.util.selectCachedArgsForQuery(state, 'searchMembers')) {
    dispatch(
      contactsApi.util.updateQueryData('searchMembers', args, (list) => ({
        ...list,
        items: list.items.map((person) => withFriendship(person, userId, contactId)),
      })),
    );
  }
  for (const username of contactsApi.util.selectCachedArgsForQuery(state, 'getProfileByUsername')) {
    dispatch(contactsApi.util.updateQueryData('getProfileByUsername', username, (profile) => withFriendship(profile, userId, contactId)));
  }
}

/** A model's callability as 'model:callability' says it: applied to her wherever she is shown. */
export type Callability = Pick<ServerEventPayload<'model:callability'>, 'callAvailable' | 'phoneVerified' | 'callRate'>;

/** Her Call Now and rate follow on an open profile and in the directory (docs/product.md#calls). */
export function patchCallability(dispatch: CacheDispatch, state: RootState, modelId: string, callability: Callability) {
  for (const args of contactsApi.util.selectCachedArgsForQuery(state, 'searchMembers')) {
    dispatch(
      contactsApi.util.updateQueryData('searchMembers', args, (list) => ({
        ...list,
        items: list.items.map((person) => (person._id === modelId ? { ...person, ...callability } : person)),
      })),
    );
  }
  for (const username of contactsApi.util.selectCachedArgsForQuery(state, 'getProfileByUsername')) {
    dispatch(
      contactsApi.util.updateQueryData('getProfileByUsername', username, (profile) =>
        profile._id === modelId ? { ...profile, ...callability } : profile,
      ),
    );
  }
}

export const {
  useSearchMembersQuery,
  useGetProfileByUsernameQuery,
  useListContactsQuery,
  useAddContactMutation,
  useRemoveContactMutation,
  useInviteFriendMutation,
  useOpenConversationWithMutation,
  useSendTipMutation,
} = contactsApi;

export const DIRECTORY_PAGE_SIZE = 24;
export const PEOPLE_PAGE_SIZE = 20;
export const CONTACTS_PAGE_SIZE = 20;
