import { faviconLink, systemRoutes } from '@cc/contracts';
import { API_BASE } from '../api/baseApi';

const FAVICON_SELECTOR = 'link[data-site-favicon]';
/** The built-in icon index.html starts with; it comes back when the administrator removes theirs. */
const BUILT_IN_FAVICON = { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' };

/**
 * The favicon comes from siteFavicon; ".ico" uses the shortcut-icon form, anything else
 * the png form; none means the built-in icon. One link element is kept and rewritten, so the
 * forms never coexist.
 */
export function applyFavicon(href: string, doc: Document = document) {
  const value = href.trim();
  const { rel, type } = value ? faviconLink(value) : BUILT_IN_FAVICON;
  let link = doc.head.querySelector<HTMLLinkElement>(FAVICON_SELECTOR);
  if (!link) {
    link = doc.createElement('link');
    link.setAttribute('data-site-favicon', '');
    doc.head.appendChild(link);
  }
  link.setAttribute('rel', rel);
  link.setAttribute('type', type);
  link.setAttribute('href', value || BUILT_IN_FAVICON.href);
}

export function applySiteTitle(siteName: string, doc: Document = document) {
  if (siteName.trim()) doc.title = siteName.trim();
}

/** The administrator's footer script, served by the route table's footer-script route. */
export const FOOTER_SCRIPT_SRC = `${API_BASE}${systemRoutes.footerScript.path}`;

/**
 * The administrator's footer script runs as a file from our origin (CSP script-src 'self'; see
 * docs/decisions/0002). It is added once per page load, however often the footer re-renders.
 */
export function appendFooterScript(doc: Document = document): boolean {
  if (doc.querySelector(`script[src="${FOOTER_SCRIPT_SRC}"]`)) return false;
  const script = doc.createElement('script');
  script.src = FOOTER_SCRIPT_SRC;
  script.async = true;
  doc.body.appendChild(script);
  return true;
}
