import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { TEST_PASSWORD, createAdmin, createMember } from '../apps/server/src/test-support/factories';
import { animationsDone, newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

async function signInAs(page: Page, email: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

/** How far the page itself would scroll sideways. */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Earlier work by another administrator, written the way the services write it: a balance
 * adjustment, a settings change with a long value and a post with many fields, so the table shows
 * what real rows look like beside the one made in the browser.
 */
async function earlierActions(otherAdmin: { id: string; email: string }, memberId: string) {
  const actor = { ...otherAdmin, ip: '198.51.100.23' };
  const { audit, db } = world.server.ctx;
  await audit.record(
    actor,
    {
      action: 'balance.adjust',
      target: { type: 'member', id: memberId },
      before: { balance: 0 },
      after: { balance: 2_500, reason: 'Compensation for a failed call', transactionId: randomUUID() },
    },
    db,
  );
  await audit.record(
    actor,
    {
      action: 'settings.update',
      target: { type: 'settings', id: null },
      before: { siteName: 'Creator Chat', footerContent: '<p>© Creator Chat</p>' },
      after: {
        siteName: 'Creator Chat Live',
        footerContent: '<p>© Creator Chat Live — all rights reserved. Questions? Write to team@example.test any time.</p>',
      },
    },
    db,
  );
  await audit.record(
    actor,
    {
      action: 'post.create',
      target: { type: 'post', id: randomUUID() },
      before: null,
      after: {
        title: 'Spring schedule',
        slug: 'spring-schedule',
        status: 'draft',
        excerpt: 'Who is live when',
        coverFileId: null,
        publishedAt: null,
        bodyLength: 1_204,
      },
    },
    db,
  );
}

it('an administrator makes a member an administrator, then finds the change in the audit log', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const other = await createAdmin(world.server, { name: 'Otto Admin' });
  const member = await createMember(world.server, { name: 'Maya Member' });
  await earlierActions({ id: other.user.id, email: other.user.email }, member.user.id);

  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await signInAs(page, admin.user.email);
  await page.waitForURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });

  await nav.getByRole('link', { name: 'Members', exact: true }).click();
  await page.waitForURL(/\/admin\/members/);
  // Typed key by key, as a person does: the list follows once typing pauses.
  await page.getByLabel('Search members').pressSequentially(member.user.email, { delay: 15 });
  await page.waitForURL((url) => url.searchParams.get('q') === member.user.email);
  await page.getByRole('button', { name: "Open Maya Member's wallet" }).click();

  const drawer = page.getByRole('dialog', { name: 'Maya Member' });
  await drawer.getByRole('button', { name: 'Make administrator' }).click();
  const confirm = page.getByRole('dialog', { name: 'Make Maya Member an administrator?' });
  await expect.poll(() => confirm.isVisible(), { timeout: 5_000 }).toBe(true);
  await animationsDone(page);
  await shot(page, 'admin-make-admin-confirm-1280', { fullPage: false });
  await confirm.getByRole('button', { name: 'Make administrator' }).click();

  await expect.poll(() => page.getByText('Maya Member is now an administrator.').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => drawer.getByRole('button', { name: 'Remove administrator' }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await drawer.getByText('Administrator', { exact: true }).isVisible()).toBe(true);
  await animationsDone(page);
  await shot(page, 'admin-member-drawer-1280', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.count()).toBe(0);

  await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.waitForURL(/\/admin\/audit$/);
  const row = page.locator('tbody tr', { hasText: 'member.make-admin' });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  expect(await row.innerText()).toContain(admin.user.email);
  expect(await row.getByText('Made administrator').isVisible()).toBe(true);
  expect(await row.getByRole('listitem').allInnerTexts()).toEqual(['role: user → admin']);
  expect(await row.getByText(`${member.user.id.slice(0, 8)}…`).getAttribute('title')).toBe(member.user.id);
  // The newest first: the change just made is the top row.
  expect(await page.locator('tbody tr').first().innerText()).toContain('member.make-admin');
  expect(await page.locator('tbody tr').count()).toBe(4);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // The toast goes by itself; the screenshot shows the whole table.
  await expect.poll(() => page.getByText('Maya Member is now an administrator.').count(), { timeout: 15_000 }).toBe(0);
  await shot(page, 'admin-audit-1280');

  // By family: members' actions keep the row; payouts have none yet.
  const action = page.getByLabel('Action');
  await action.selectOption({ label: 'Members' });
  await page.waitForURL((url) => url.searchParams.get('action') === 'member');
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  expect(await row.count()).toBe(1);
  await action.selectOption({ label: 'Payouts' });
  await expect.poll(() => page.getByText('No administrator actions match').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'admin-audit-empty-1280');

  // The search finds the target by its id, and the address keeps the filters for a reload.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(4);
  await page.getByLabel('Search', { exact: true }).pressSequentially(member.user.id.slice(0, 13), { delay: 15 });
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  await page.reload();
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe(member.user.id.slice(0, 13));
  await context.close();

  const phone = await world.signedIn(admin.token, PHONE);
  await phone.page.goto('/admin/audit');
  await expect.poll(() => phone.page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(4);
  // Each entry is a card of labelled lines: nothing, not even the table, scrolls sideways.
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await shot(phone.page, 'admin-audit-390');

  await phone.page.goto(`/admin/members?q=${encodeURIComponent(member.user.email)}`);
  await phone.page.getByRole('button', { name: "Open Maya Member's wallet" }).click();
  const phoneDrawer = phone.page.getByRole('dialog', { name: 'Maya Member' });
  await expect.poll(() => phoneDrawer.getByRole('button', { name: 'Remove administrator' }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
  await animationsDone(phone.page);
  await shot(phone.page, 'admin-member-drawer-390', { fullPage: false });
  await phone.context.close();
});
