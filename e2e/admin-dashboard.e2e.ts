import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { calls, payments, tokenPackages } from '../apps/server/src/db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A month of a small site: sign-ups, card payments and calls spread over the days, messages today. */
async function seedMonth() {
  const [pack] = await world.server.ctx.db.select().from(tokenPackages).limit(1);
  const model = await createModel(world.server, { name: 'Mira Model', tokenPerMessage: 200, createdAt: daysAgo(20) });
  for (let day = 0; day < 28; day += 1) {
    const signUps = (day * 7) % 4;
    for (let i = 0; i < signUps; i += 1) await createMember(world.server, { createdAt: daysAgo(day) });
    if (day % 3 !== 1) {
      const buyer = await createMember(world.server, { createdAt: daysAgo(day + 30) });
      await world.server.ctx.db.insert(payments).values({
        userId: buyer.user.id,
        packageId: pack!.id,
        provider: 'sandbox',
        status: 'approved',
        idempotencyKey: randomUUID(),
        amountCents: 999 * (1 + (day % 3)),
        tokens: 10_000 * (1 + (day % 3)),
        packageName: 'Starter',
        createdAt: daysAgo(day),
      });
      await world.server.ctx.db.insert(calls).values({
        callerId: buyer.user.id,
        modelId: model.user.id,
        status: 'ended',
        rate: 100,
        createdAt: daysAgo(day),
        endedAt: daysAgo(day),
      });
    }
  }
  // Paid messages today, through the API.
  const fan = await createMember(world.server, { name: 'Fan Today' });
  await giveTokens(world.server, fan.user.id, 50);
  const conversation = await world.server.request('POST', '/api/conversation', { token: fan.token, body: { userId: model.user.id } });
  for (let i = 0; i < 6; i += 1) {
    const sent = await world.server.request('POST', '/api/messages', {
      token: fan.token,
      body: { clientId: randomUUID(), conversationId: conversation.body.data._id, text: `Hello ${i}` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  }
}

it('shows the dashboard: totals and charts over the chosen period, on a desktop and a phone', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  await seedMonth();

  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect.poll(() => totals.getByText('Online now').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.locator('.recharts-wrapper').count(), { timeout: 10_000 }).toBe(5);
  await expect.poll(() => totals.textContent()).toContain('6Messages');
  await shot(page, 'admin-dashboard-1280');

  await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '12 months' }).click();
  await page.waitForURL(/period=12m/);
  await expect.poll(() => page.getByRole('table', { name: 'Revenue' }).locator('tbody tr').count()).toBe(12);
  await shot(page, 'admin-dashboard-12m-1280');
  await context.close();

  const phone = await world.signedIn(admin.token, { width: 390, height: 844 });
  await phone.page.goto('/admin?period=7d');
  await expect.poll(() => phone.page.locator('.recharts-wrapper').count(), { timeout: 10_000 }).toBe(5);
  await shot(phone.page, 'admin-dashboard-390');
  await shot(phone.page, 'admin-dashboard-390-top', { fullPage: false });
  await phone.page.getByRole('heading', { name: 'Tokens sold and spent' }).scrollIntoViewIfNeeded();
  await shot(phone.page, 'admin-dashboard-390-charts', { fullPage: false });
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await phone.context.close();
});
