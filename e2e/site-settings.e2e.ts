import { beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { createAdmin, createMember } from '../apps/server/src/test-support/factories';
import { auditChangesOf, auditFullChangesOf, auditRow } from './support/audit';
import { animationsDone, newPerson, shot, socketConnected } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await createAdmin(world.server)).token;
});

const admin = (method: string, url: string, body?: unknown) => world.server.request(method, url, { token: adminToken, body });

it('the favicon link follows the .ico rule', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  expect((await admin('PUT', '/api/admin/settings', { siteFavicon: '/brand/favicon.ico' })).status).toBe(200);
  await page.goto('/');
  await expect.poll(() => page.locator('link[rel="shortcut icon"]').getAttribute('href'), { timeout: 10_000 }).toBe('/brand/favicon.ico');

  expect((await admin('PUT', '/api/admin/settings', { siteFavicon: '/brand/logo.png' })).status).toBe(200);
  await page.reload();
  await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href'), { timeout: 10_000 }).toBe('/brand/logo.png');
  expect(await page.locator('link[rel="icon"]').getAttribute('type')).toBe('image/png');
  expect(await page.locator('link[rel="shortcut icon"]').count()).toBe(0);
  await context.close();
});

it("footer menus, the administrator's footer content and footer script take effect", async () => {
  await admin('PUT', '/api/admin/settings', {
    siteName: 'Velvet Lounge',
    footerContent: '<p class="legal">© 2026 <strong>Velvet Lounge</strong> Ltd</p>',
    footerScript: "document.body.dataset.footerScript = 'ran';",
  });
  expect((await admin('POST', '/api/admin/menus', { title: 'Terms', path: '/terms', ordering: 1 })).status).toBe(201);
  expect(
    (await admin('POST', '/api/admin/menus', { title: 'Status page', path: 'https://status.example.test', openNewTab: true, ordering: 2 }))
      .status,
  ).toBe(201);

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await page.goto('/auth/login');
  const footer = page.locator('footer');
  await expect.poll(() => footer.getByRole('link', { name: 'Terms' }).getAttribute('href'), { timeout: 10_000 }).toBe('/terms');
  expect(await footer.getByRole('link', { name: 'Terms' }).getAttribute('target')).toBeNull();
  expect(await footer.getByRole('link', { name: 'Status page' }).getAttribute('target')).toBe('_blank');
  await expect.poll(() => page.getByTestId('footer-content').innerHTML(), { timeout: 10_000 }).toContain('<strong>Velvet Lounge</strong>');
  await expect.poll(() => page.evaluate(() => document.body.dataset.footerScript), { timeout: 10_000 }).toBe('ran');
  await expect.poll(() => page.title(), { timeout: 10_000 }).toContain('Velvet Lounge');
  await shot(page, 'login-with-footer');
  await context.close();
});

/** A 64×64 icon: a teal disc, as a designer would export it. */
const iconPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#0f9d8a"/><circle cx="32" cy="32" r="12" fill="#fff"/></svg>',
    ),
  )
    .png()
    .toBuffer();

const FOOTER = '<p>© 2026 <strong>Juniper Lounge</strong> · <a href="/contact-us">Write to us</a></p>';

it('an administrator uploads a favicon and types new footer content on Settings; a member sees both; the audit log has both', async () => {
  const admin = await createAdmin(world.server, { name: 'Iris Admin' });
  const member = await createMember(world.server, { name: 'Milo Member' });
  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL(/\/admin\/settings$/);

  // ---- the favicon: chosen, previewed, uploaded ----------------------------------------------------------
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a file…' }).click()]);
  await chooser.setFiles({ name: 'juniper-icon.png', mimeType: 'image/png', buffer: await iconPng() });
  await expect.poll(() => page.getByText(/^New: juniper-icon\.png/).isVisible(), { timeout: 5_000 }).toBe(true);
  await page.getByRole('button', { name: 'Upload favicon' }).click();
  await expect
    .poll(() => page.getByText('Favicon updated. Browsers show it on the next page they open.').isVisible(), { timeout: 10_000 })
    .toBe(true);
  const current = page.getByRole('img', { name: 'Current icon' });
  await expect.poll(() => current.getAttribute('src'), { timeout: 10_000 }).toMatch(/^\/api\/files\/[0-9a-f-]+\/juniper-icon\.png$/);
  const iconUrl = (await current.getAttribute('src'))!;

  // ---- the footer, typed key by key, with its live preview --------------------------------------------------
  const footerField = page.getByLabel('Footer content (HTML)');
  await footerField.fill('');
  await footerField.pressSequentially(FOOTER, { delay: 5 });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect.poll(() => preview.innerHTML(), { timeout: 10_000 }).toBe(FOOTER);
  await footerField.scrollIntoViewIfNeeded();
  await shot(page, 'admin-settings-footer-1280', { fullPage: false });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => page.getByText('Settings saved. The site uses them right away.').isVisible(), { timeout: 10_000 }).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsDone(page);
  await shot(page, 'admin-settings-favicon-footer-1280', { fullPage: false });

  // ---- a member's page: the new icon in the head, the new footer at the bottom ---------------------------------
  const milo = await world.signedIn(member.token);
  await milo.page.goto('/tokens');
  await socketConnected(milo.page);
  const icon = milo.page.locator('link[data-site-favicon]');
  await expect.poll(() => icon.getAttribute('href'), { timeout: 10_000 }).toBe(iconUrl);
  expect(await icon.getAttribute('rel')).toBe('icon');
  expect(await icon.getAttribute('type')).toBe('image/png');
  // The icon is served to anyone, as a browser fetches it for the tab.
  const served = await fetch(`${world.server.baseUrl}${iconUrl}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  const footer = milo.page.getByTestId('footer-content');
  await expect.poll(() => footer.innerHTML(), { timeout: 10_000 }).toBe(FOOTER);
  expect(await footer.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('/contact-us');
  await shot(milo.page, 'member-footer-1280');

  // ---- the audit log has both ----------------------------------------------------------------------------
  const favicon = await auditRow(page, 'settings.favicon', admin.user.email);
  expect(await favicon.getByText('Changed favicon').isVisible()).toBe(true);
  expect(await auditFullChangesOf(favicon)).toEqual([{ field: 'siteFavicon', before: expect.any(String), after: iconUrl }]);
  const update = await auditRow(page, 'settings.update', admin.user.email);
  expect(await update.getByText('Changed settings').isVisible()).toBe(true);
  // Only the footer moved. The cell clips long values; the line's title keeps the whole change.
  expect(await auditFullChangesOf(update)).toEqual([{ field: 'footerContent', before: expect.any(String), after: FOOTER }]);
  expect(await auditChangesOf(update)).toEqual([expect.stringMatching(/^footerContent: .* → <p>© 2026 <strong>Juniper Lounge/)]);
  await shot(page, 'admin-audit-settings-1280');

  await milo.context.close();
  await context.close();
});
