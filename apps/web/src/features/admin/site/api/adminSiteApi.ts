import { menuRoutes, outboxRoutes, settingsRoutes, type RouteAnswer } from '@cc/contracts';
import type { RouteBody } from '../../../../shared/api/routeTypes';
import { routeRequest } from '../../../../shared/api/routeRequest';
import { adminBase, settled, type PageArgs } from '../../shared/api/adminApi';

type AdminMenuList = RouteAnswer<typeof menuRoutes.adminList>;

/** The site's settings and favicon, its footer menus and the mail outbox. */
export const adminSiteApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    // ---- settings ----------------------------------------------------------------------------
    getSettings: build.query<RouteAnswer<typeof settingsRoutes.get>, void>({
      query: () => routeRequest(settingsRoutes.get),
      providesTags: ['AdminSettings'],
    }),
    updateSettings: build.mutation<RouteAnswer<typeof settingsRoutes.update>, RouteBody<typeof settingsRoutes.update>>({
      query: (body) => routeRequest(settingsRoutes.update, { body }),
      // The answer is the whole, saved settings object: store it instead of asking again.
      onQueryStarted: async (_input, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminSiteApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig', 'AdminAudit'] : []),
    }),
    uploadFavicon: build.mutation<RouteAnswer<typeof settingsRoutes.uploadFavicon>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return routeRequest(settingsRoutes.uploadFavicon, { body });
      },
      onQueryStarted: async (_file, { dispatch, queryFulfilled }): Promise<void> => {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(adminSiteApi.util.upsertQueryData('getSettings', undefined, saved));
      },
      invalidatesTags: (result) => (result ? ['SiteConfig', 'AdminAudit'] : []),
    }),
    // ---- menus -------------------------------------------------------------------------------
    // Every section at once: the list is short, and it tells us which sections exist.
    listMenus: build.query<AdminMenuList, void>({
      query: () => routeRequest(menuRoutes.adminList),
      providesTags: ['AdminMenus'],
    }),
    createMenu: build.mutation<RouteAnswer<typeof menuRoutes.create>, RouteBody<typeof menuRoutes.create>>({
      query: (body) => routeRequest(menuRoutes.create, { body }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu', 'AdminAudit'] : []),
    }),
    updateMenu: build.mutation<RouteAnswer<typeof menuRoutes.update>, { id: string; changes: RouteBody<typeof menuRoutes.update> }>({
      query: ({ id, changes }) => routeRequest(menuRoutes.update, { params: { id }, body: changes }),
      invalidatesTags: (result) => (result ? ['AdminMenus', 'Menu', 'AdminAudit'] : []),
    }),
    deleteMenu: build.mutation<null, string>({
      query: (id) => routeRequest(menuRoutes.remove, { params: { id } }),
      invalidatesTags: ['AdminMenus', 'Menu', 'AdminAudit'],
    }),
    reorderMenus: build.mutation<RouteAnswer<typeof menuRoutes.reorder>, RouteBody<typeof menuRoutes.reorder>>({
      query: (body) => routeRequest(menuRoutes.reorder, { body }),
      // The answer is the section in its new order: put it in the list at once, so the next move
      // starts from the order on screen rather than waiting for a refetch.
      onQueryStarted: async ({ section }, { dispatch, queryFulfilled }): Promise<void> => {
        // On failure the page reports it; the list keeps the order the server still has.
        const saved = await settled(queryFulfilled);
        if (!saved) return;
        dispatch(
          adminSiteApi.util.updateQueryData('listMenus', undefined, (draft: AdminMenuList) => {
            draft.items = [...draft.items.filter((item) => item.section !== section), ...saved.items];
          }),
        );
      },
      invalidatesTags: (result) => (result ? ['Menu', 'AdminAudit'] : []),
    }),
    // ---- mail outbox -------------------------------------------------------------------------
    listOutbox: build.query<RouteAnswer<typeof outboxRoutes.list>, PageArgs>({
      query: (query) => routeRequest(outboxRoutes.list, { query }),
      providesTags: ['AdminOutbox'],
    }),
  }),
});

export const {
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useUploadFaviconMutation,
  useListMenusQuery,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useDeleteMenuMutation,
  useReorderMenusMutation,
  useListOutboxQuery,
} = adminSiteApi;
