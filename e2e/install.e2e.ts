import { expect, it } from 'vitest';
import { newPerson } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * The site can be added to a phone's home screen or installed as an app (issue #30, item 4; push on
 * phones needs it): Chromium itself judges the manifest, its icons and the page, under the site's
 * Content Security Policy, as its install prompt would.
 */

const world = journeyWorld();

it('is installable in Chromium: no installability error, the manifest and its icons load', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/api/system/manifest.webmanifest');

  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'Creator Chat', display: 'standalone' });

  // Chromium fetches the icons while it decides; an error names what is missing. A test's browser
  // context is an incognito window, which never installs anything: that one error is the window's.
  const errors = async () =>
    ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(errors, { timeout: 10_000 }).toEqual([]);

  // Every icon the manifest names is a PNG of the size it declares (read from the file's header).
  const { icons } = JSON.parse(manifest.data!) as { icons: { src: string; sizes: string }[] };
  expect(icons.length).toBeGreaterThanOrEqual(3);
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type'], icon.src).toBe('image/png');
    const png = await res.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  expect(failed).toEqual([]);
  await context.close();
});
