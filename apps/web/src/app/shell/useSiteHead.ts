import { useEffect } from 'react';
import { useGetPublicConfigQuery } from '../../shared/site/siteApi';
import { applyFavicon, applySiteTitle } from '../../shared/site/siteHead';

/** Keeps the document's title and favicon in step with the site configuration. */
export function useSiteHead() {
  const { data } = useGetPublicConfigQuery();
  useEffect(() => {
    if (!data) return;
    applySiteTitle(data.siteName);
    applyFavicon(data.siteFavicon);
  }, [data]);
}
