import { adminContactRoutes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';

export type ContactFilter = 'open' | 'handled' | 'all';
export type ContactMessagesArgs = { status: ContactFilter; q: string; limit: number; skip: number };

/**
 * Contact-form messages (docs/product.md#contact): the list by status and text, and marking one
 * handled or open again. 'AdminAudit' is the audit log (adminApi), where each real change writes a row;
 * the admin menu's open count reads the same list, so it follows every change.
 */
const adminContactBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminContactMessages', 'AdminAudit'] });

export const adminContactApi = adminContactBase.injectEndpoints({
  endpoints: (build) => ({
    listContactMessages: build.query<RouteAnswer<typeof adminContactRoutes.list>, ContactMessagesArgs>({
      query: ({ q, ...rest }) => routeRequest(adminContactRoutes.list, { query: { ...rest, ...(q ? { q } : {}) } }),
      providesTags: ['AdminContactMessages'],
    }),
    handleContactMessage: build.mutation<RouteAnswer<typeof adminContactRoutes.handle>, string>({
      query: (id) => routeRequest(adminContactRoutes.handle, { params: { id } }),
      // A refused change (unknown message) leaves nothing to read again.
      invalidatesTags: (result) => (result ? ['AdminContactMessages', 'AdminAudit'] : []),
    }),
    reopenContactMessage: build.mutation<RouteAnswer<typeof adminContactRoutes.reopen>, string>({
      query: (id) => routeRequest(adminContactRoutes.reopen, { params: { id } }),
      invalidatesTags: (result) => (result ? ['AdminContactMessages', 'AdminAudit'] : []),
    }),
  }),
});

export const { useListContactMessagesQuery, useHandleContactMessageMutation, useReopenContactMessageMutation } = adminContactApi;
