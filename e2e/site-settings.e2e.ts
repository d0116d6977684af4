import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAdmin } from '../apps/server/src/test-support/factories';
import { launchBrowser, newPerson, shot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  adminToken = (await createAdmin(server)).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const admin = (method: string, url: string, body?: unknown) => server.request(method, url, { token: adminToken, body });

it('the favicon link follows the .ico rule', async () => {
  const { context, page } = await newPerson(browser, server.baseUrl);
  expect((await admin('PUT', '/api/admin/settings', { siteFavicon: '/brand/favicon.ico' })).status).toBe(200);
  await page.goto('/');
  await expect.poll(() => page.locator('link[rel="shortcut icon"]').getAttribute('href')).toBe('/brand/favicon.ico');

  expect((await admin('PUT', '/api/admin/settings', { siteFavicon: '/brand/logo.png' })).status).toBe(200);
  await page.reload();
  await expect.poll(() => page.locator('link[rel="icon"]').getAttribute('href')).toBe('/brand/logo.png');
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

  const { context, page } = await newPerson(browser, server.baseUrl);
  await page.goto('/auth/login');
  const footer = page.locator('footer');
  await expect.poll(() => footer.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
  expect(await footer.getByRole('link', { name: 'Terms' }).getAttribute('target')).toBeNull();
  expect(await footer.getByRole('link', { name: 'Status page' }).getAttribute('target')).toBe('_blank');
  await expect.poll(() => page.getByTestId('footer-content').innerHTML()).toContain('<strong>Velvet Lounge</strong>');
  await expect.poll(() => page.evaluate(() => document.body.dataset.footerScript)).toBe('ran');
  await expect.poll(() => page.title()).toContain('Velvet Lounge');
  await shot(page, 'login-with-footer');
  await context.close();
});
