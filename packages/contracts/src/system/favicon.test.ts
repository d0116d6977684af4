import { expect, it } from 'vitest';
import { faviconLink } from './favicon';

it('uses the shortcut-icon form for .ico files and the png form otherwise', () => {
  expect(faviconLink('/api/files/abc/favicon.ico')).toEqual({ rel: 'shortcut icon', type: 'image/x-icon' });
  expect(faviconLink('/x/FAVICON.ICO?v=2')).toEqual({ rel: 'shortcut icon', type: 'image/x-icon' });
  expect(faviconLink('/api/files/abc/logo.png')).toEqual({ rel: 'icon', type: 'image/png' });
  expect(faviconLink('/icon.svg')).toEqual({ rel: 'icon', type: 'image/png' });
});
