import { afterEach, expect, it } from 'vitest';
import { applyFavicon } from '../siteHead';

const iconLinks = () => Array.from(document.head.querySelectorAll('link')).filter((l) => /icon/.test(l.rel));

afterEach(() => document.head.replaceChildren());

it('goes back to the built-in icon, without a reload, when the administrator removes theirs', () => {
  applyFavicon('/brand/favicon.ico');
  expect(iconLinks().map((l) => [l.rel, l.getAttribute('href')])).toEqual([['shortcut icon', '/brand/favicon.ico']]);

  applyFavicon('');
  expect(iconLinks().map((l) => [l.rel, l.type, l.getAttribute('href')])).toEqual([['icon', 'image/svg+xml', '/favicon.svg']]);
});
