/** A favicon ending in .ico uses the shortcut-icon form, any other the png form. */
export function faviconLink(href: string): { rel: string; type: string } {
  const path = href.split(/[?#]/)[0] ?? '';
  return path.toLowerCase().endsWith('.ico') ? { rel: 'shortcut icon', type: 'image/x-icon' } : { rel: 'icon', type: 'image/png' };
}
