import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * Post bodies are HTML written by administrators and rendered as is on public pages, so they are
 * cleaned on save with an allow-list (docs/product.md#posts): formatting survives, anything that could
 * run script, load a frame or restyle the page does not.
 */

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'code',
  'pre',
  'hr',
  'img',
];

/** Elements whose content goes with them (the rest of a refused element keeps its text). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'select',
  'button',
];

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** Our own public files: /api/files/{id} or /api/files/{id}/{name}. */
const OWN_FILE = /^\/api\/files\/[0-9a-f-]{36}(\/[^/?#\s]+)?$/i;

/** An absolute address whose scheme is in `schemes` (the URL parser strips the tabs and newlines browsers ignore). */
function hasScheme(value: string | undefined, schemes: Set<string>): boolean {
  if (!value) return false;
  try {
    return schemes.has(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

export const isSafeLink = (href: string | undefined) => hasScheme(href, LINK_SCHEMES);
export const isSafeImage = (src: string | undefined) => hasScheme(src, IMAGE_SCHEMES) || (src !== undefined && OWN_FILE.test(src.trim()));

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // What editors and pasted documents commonly use for the same formatting.
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link leaves the site in a new tab without handing it `window.opener` or a referrer; a link
    // to anything but http(s) or mailto loses its address and stays as inert text. (Renaming the tag
    // here would confuse sanitize-html's closing-tag bookkeeping for the links after it.)
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const safe: sanitizeHtml.Attributes = { href: attribs.href?.trim() ?? '', target: '_blank', rel: 'noopener noreferrer nofollow' };
      return { tagName: 'a', attribs: isSafeLink(attribs.href) ? safe : {} };
    },
  },
  // An image we cannot vouch for (data:, javascript:, someone else's relative path) goes entirely.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImage(frame.attribs.src),
};

/** The body as it is stored and served: only the allow-listed formatting. */
export function sanitizePostBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a reader sees, with blocks separated by spaces and whitespace collapsed. */
export function textOfHtml(html: string): string {
  const spaced = html.replace(/<(br|hr|\/(p|h[1-6]|li|blockquote|pre|div))\b[^>]*>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? _m);

export const EXCERPT_LENGTH = 200;

/** The default summary: the body's first ~200 characters of text, cut at a word with an ellipsis. */
export function excerptFromHtml(html: string): string {
  const text = textOfHtml(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > EXCERPT_LENGTH * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
