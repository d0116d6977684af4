import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { uploadMedia } from '../apps/server/src/modules/marketplace/tests/helpers';
import { shot, newPerson } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * In a real Chromium, under the site's Content Security Policy: the administrator's footer script
 * runs (it is a file from this origin), and markup members write — in a message, an item's name, a
 * profile, a post — shows as the text it is and runs nothing (docs/architecture.md, security headers).
 */

const IMG = '<img src=x onerror="alert(1)">';
const SCRIPT = '<script>alert(2)</script>';
const PAYLOAD = `${IMG} and ${SCRIPT}`;

const world = journeyWorld();

/** Every alert/confirm a page opens, and every CSP report Chromium logs. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return { dialogs, violations };
}

it("runs the administrator's footer script under the policy, with no violation reported", async () => {
  const admin = await createAdmin(world.server);
  const script = "document.body.dataset.footerScript = 'ran'; window.footerValue = 6 * 7;";
  expect((await world.server.request('PUT', '/api/admin/settings', { token: admin.token, body: { footerScript: script } })).status).toBe(
    200,
  );

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  const seen = watch(page);
  const response = await page.goto('/auth/login');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect.poll(() => page.evaluate(() => document.body.dataset.footerScript), { timeout: 10_000 }).toBe('ran');
  expect(await page.evaluate(() => (window as unknown as { footerValue: number }).footerValue)).toBe(42);
  expect(seen.violations).toEqual([]);
  await context.close();
});

it('an inline script the policy does not name is blocked, so the policy is really in force', async () => {
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  const seen = watch(page);
  await page.goto('/auth/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = "document.body.dataset.inline = 'ran';";
    document.body.appendChild(script);
  });
  await expect.poll(() => seen.violations.length, { timeout: 5_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.body.dataset.inline ?? null)).toBeNull();
  await context.close();
});

it('markup in a message, an item name, a profile and a post shows as text and runs nothing', async () => {
  const model = await createModel(world.server, {
    name: `Mia ${IMG}`,
    bio: `About me: ${PAYLOAD}`,
    username: `mia_${randomUUID().slice(0, 6)}`,
  });
  const fan = await createMember(world.server, { name: `Fan ${SCRIPT}` });
  const admin = await createAdmin(world.server);
  await giveTokens(world.server, fan.user.id, 100);

  const conversation = (await world.server.request('POST', '/api/conversation', { token: fan.token, body: { userId: model.user.id } })).body
    .data;
  const sent = await world.server.request('POST', '/api/messages', {
    token: fan.token,
    body: { conversationId: conversation._id, clientId: randomUUID(), type: 'text', text: `Hi ${PAYLOAD}` },
  });
  expect(sent.status).toBe(201);

  const { media } = await uploadMedia(world.server, model.token, 'photo');
  const item = await world.server.request('POST', '/api/sell-item', {
    token: model.token,
    body: { mediaId: media._id, name: `Set ${IMG}`, price: 5 },
  });
  expect(item.status, JSON.stringify(item.body)).toBe(201);

  const post = await world.server.request('POST', '/api/admin/posts', {
    token: admin.token,
    body: { title: `News ${SCRIPT}`, body: `<p>Body ${IMG}</p><script>alert(3)</script>`, slug: 'markup-post', status: 'published' },
  });
  expect(post.status, JSON.stringify(post.body)).toBe(201);

  // The model reads the fan's message.
  const modelSide = await world.signedIn(model.token);
  const modelSeen = watch(modelSide.page);
  await modelSide.page.goto(`/messages/${conversation._id}`);
  await expect.poll(() => modelSide.page.getByText(`Hi ${PAYLOAD}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await shot(modelSide.page, 'security-markup-in-chat');

  // The fan visits the model's profile: her name, bio and item name.
  const fanSide = await world.signedIn(fan.token);
  const fanSeen = watch(fanSide.page);
  await fanSide.page.goto(`/models/${model.user.username}`);
  await expect.poll(() => fanSide.page.getByText(`About me: ${PAYLOAD}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => fanSide.page.getByText(`Mia ${IMG}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect.poll(() => fanSide.page.getByText(`Set ${IMG}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await shot(fanSide.page, 'security-markup-on-profile');

  // A visitor reads the post: its title as text, its body's image without its handler, no script.
  const visitor = await newPerson(world.browser, world.server.baseUrl);
  const visitorSeen = watch(visitor.page);
  await visitor.page.goto('/posts/markup-post');
  await expect.poll(() => visitor.page.getByRole('heading', { name: `News ${SCRIPT}` }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await visitor.page.locator('.post-body [onerror], .post-body script').count()).toBe(0);

  // No page made an element from the markup: no <img src=x>, no script carrying the alert.
  for (const page of [modelSide.page, fanSide.page, visitor.page]) {
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes('alert(')))).toBe(false);
  }
  // Give any handler that did slip through time to fire.
  await modelSide.page.waitForTimeout(500);
  expect([...modelSeen.dialogs, ...fanSeen.dialogs, ...visitorSeen.dialogs]).toEqual([]);

  await Promise.all([modelSide.context.close(), fanSide.context.close(), visitor.context.close()]);
});
