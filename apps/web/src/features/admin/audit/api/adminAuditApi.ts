import { auditRoutes, type RouteAnswer } from '@cc/contracts';
import { routeRequest } from '../../../../shared/api/routeRequest';
import { adminBase, type PageArgs } from '../../shared/api/adminApi';

/** The audit log's filters as the page keeps them; an empty one is left out of the request. */
export type AuditFilters = { q: string; action: string; from: string; to: string };

/** The audit log, newest first. */
export const adminAuditApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    // ---- audit log -----------------------------------------------------------------------------
    listAudit: build.query<RouteAnswer<typeof auditRoutes.list>, PageArgs & AuditFilters>({
      query: (query) => routeRequest(auditRoutes.list, { query }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useListAuditQuery } = adminAuditApi;
