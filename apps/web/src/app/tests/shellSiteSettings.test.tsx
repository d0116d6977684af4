import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { menuRoutes, systemRoutes } from '@cc/contracts';
import { appReset } from '../../shared/api/session';
import { fakeApi, page, refusal } from '../../../test/fakeApi';
import { renderShell } from './renderShell';

type Settings = { siteName?: string; siteFavicon?: string; footerContent?: string; footerScript?: string };

function siteApi(settings: Settings = {}) {
  return fakeApi()
    .answer(systemRoutes.publicConfig, { siteName: settings.siteName ?? 'Velvet Lounge', siteFavicon: settings.siteFavicon ?? '' })
    .answer(systemRoutes.configKeys, { footerContent: settings.footerContent ?? '', footerScript: settings.footerScript ?? '' })
    .answer(menuRoutes.section, ({ params }) =>
      params.section === 'footer'
        ? page([
            { _id: 'm1', title: 'Terms', path: '/terms', openNewTab: false },
            { _id: 'm2', title: 'Status page', path: 'https://status.example.test', openNewTab: true },
          ])
        : refusal(404, 'No such menu section.'),
    );
}

const faviconLinks = () => Array.from(document.head.querySelectorAll('link')).filter((l) => /icon/.test(l.rel));

// The footer script the shell writes outside its own tree is this file's to clear (test/setup.ts
// clears the head's icon and title). Not the whole head: other styles live there (sonner's).
afterEach(() => {
  document.body.querySelectorAll('script').forEach((s) => s.remove());
});

describe('the shell and the site configuration', () => {
  it('uses the .ico favicon in the shortcut-icon form and the site name as the title', async () => {
    siteApi({ siteFavicon: '/brand/favicon.ico' });
    renderShell();
    await waitFor(() => expect(document.title).toBe('Velvet Lounge'));
    await waitFor(() => expect(faviconLinks()).toHaveLength(1));
    const link = faviconLinks()[0]!;
    expect(link).toHaveAttribute('rel', 'shortcut icon');
    expect(link).toHaveAttribute('href', '/brand/favicon.ico');
  });

  it('uses the png form for any other favicon, replacing the one link', async () => {
    const shipped = document.createElement('link');
    shipped.setAttribute('rel', 'icon');
    shipped.setAttribute('type', 'image/svg+xml');
    shipped.setAttribute('href', '/favicon.svg');
    shipped.setAttribute('data-site-favicon', '');
    document.head.appendChild(shipped);
    siteApi({ siteFavicon: '/brand/logo.png' });

    renderShell();

    await waitFor(() => expect(faviconLinks()[0]!).toHaveAttribute('href', '/brand/logo.png'));
    expect(faviconLinks()).toHaveLength(1);
    expect(faviconLinks()[0]!).toHaveAttribute('rel', 'icon');
    expect(faviconLinks()[0]!).toHaveAttribute('type', 'image/png');
  });

  it('lists the footer menu, opening new-tab links safely', async () => {
    siteApi();
    renderShell();
    const footer = await screen.findByRole('contentinfo');
    const terms = await within(footer).findByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).not.toHaveAttribute('target');
    const status = within(footer).getByRole('link', { name: 'Status page' });
    expect(status).toHaveAttribute('target', '_blank');
    expect(status).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("renders the administrator's footer HTML and adds the footer script once", async () => {
    const api = siteApi({
      footerContent: '<p class="legal">© 2026 <strong>Velvet Lounge</strong> Ltd</p>',
      footerScript: "document.body.dataset.x = 'ran';",
    });
    const { store } = renderShell();
    await waitFor(() => expect(screen.getByTestId('footer-content').innerHTML).toContain('<strong>Velvet Lounge</strong>'));
    const scripts = () => document.querySelectorAll('script[src="/api/system/footer-script.js"]');
    await waitFor(() => expect(scripts()).toHaveLength(1));

    // A global reset (logout) refetches the settings but never adds a second script.
    const settingsCalls = () => api.requestsTo(systemRoutes.configKeys).length;
    store.dispatch(appReset());
    await waitFor(() => expect(settingsCalls()).toBe(2));
    expect(scripts()).toHaveLength(1);
  });

  it('adds no script when the administrator has none', async () => {
    siteApi({ footerContent: '<p>Hi</p>' });
    renderShell();
    await waitFor(() => expect(screen.getByTestId('footer-content').innerHTML).toBe('<p>Hi</p>'));
    expect(document.querySelector('script[src="/api/system/footer-script.js"]')).not.toBeInTheDocument();
  });

  it('shows the footer again after the global reset empties the cache', async () => {
    const api = siteApi();
    const { store } = renderShell();
    await screen.findByRole('link', { name: 'Terms' });
    const menuCalls = () => api.requestsTo(menuRoutes.section).filter((r) => r.params.section === 'footer').length;
    const before = menuCalls();

    store.dispatch(appReset());

    await waitFor(() => expect(menuCalls()).toBeGreaterThan(before));
    expect(await screen.findByRole('link', { name: 'Terms' })).toBeVisible();
  });

  it("offers 'Sign in' and 'Create account' to someone signed out", async () => {
    siteApi();
    renderShell();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(within(banner).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/auth/register');
    expect(document.querySelector('[data-socket-status]')).not.toBeInTheDocument();
  });
});
