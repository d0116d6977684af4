import { menuRoutes, systemRoutes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../api/baseApi';
import { routeRequest } from '../api/routeRequest';

export type FooterSettings = { footerContent?: string; footerScript?: string };

/** Site-wide configuration the shell needs: name, favicon, footer menus, content and script. */
export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<RouteAnswer<typeof systemRoutes.publicConfig>, void>({
      query: () => routeRequest(systemRoutes.publicConfig),
      providesTags: ['SiteConfig'],
    }),
    getConfigKeys: build.query<RouteAnswer<typeof systemRoutes.configKeys>, readonly string[]>({
      query: (keys) => routeRequest(systemRoutes.configKeys, { body: { keys: [...keys] } }),
      providesTags: ['SiteConfig'],
    }),
    getMenu: build.query<RouteAnswer<typeof menuRoutes.section>, string>({
      query: (section) => routeRequest(menuRoutes.section, { params: { section } }),
      providesTags: (_result, _error, section) => [{ type: 'Menu', id: section }],
    }),
  }),
});

export const { useGetPublicConfigQuery, useGetConfigKeysQuery, useGetMenuQuery } = siteApi;

export const DEFAULT_SITE_NAME = 'Creator Chat';

/** The site's name from configuration, with a sensible name until it arrives. */
export function useSiteName(): string {
  const { data } = useGetPublicConfigQuery();
  return data?.siteName?.trim() || DEFAULT_SITE_NAME;
}
