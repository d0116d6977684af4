import type { List, MenuItem, PublicConfig } from '@cc/contracts';
import { baseApi } from '../api/baseApi';

export type FooterSettings = { footerContent?: string; footerScript?: string };

/** Site-wide configuration the shell needs: name, favicon, footer menus, content and script. */
export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/system/configs/public',
      providesTags: ['SiteConfig'],
    }),
    getConfigKeys: build.query<Record<string, unknown>, readonly string[]>({
      query: (keys) => ({ url: '/system/configs/keys', method: 'POST', body: { keys } }),
      providesTags: ['SiteConfig'],
    }),
    getMenu: build.query<List<MenuItem>, string>({
      query: (section) => `/menus/sections/${encodeURIComponent(section)}`,
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
