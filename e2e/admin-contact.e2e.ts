import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin, createMember } from '../apps/server/src/test-support/factories';
import { auditRow } from './support/audit';
import { animationsDone, newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * Admin › Messages (docs/product.md#contact): a visitor writes through the contact form, an
 * administrator finds the message, reads it in full (markup stays text), marks it handled so it
 * leaves the open list, and the audit log has it. At 1280 and on a phone.
 */
const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const NAME = 'Vera Visitor';
const EMAIL = 'vera.visitor@example.test';
const MESSAGE = 'Hello team,\nhow do refunds work? <b>not bold</b> & thanks.';

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

it('a visitor writes through the contact form; an administrator reads it, marks it handled, and the audit log has it', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin', username: 'ada_admin' });
  const member = await createMember(world.server, { name: 'Paula Member', username: 'paula_m' });
  // A member wrote earlier, signed in: her account shows beside the message.
  await world.server.request('POST', '/api/contact-us', {
    token: member.token,
    body: { name: 'Paula Member', email: member.user.email, message: 'My payout has been pending for a week.' },
  });

  // ---- the visitor, not signed in, types the form key by key --------------------------------------------
  const visitor = await newPerson(world.browser, world.server.baseUrl);
  await visitor.page.goto('/contact-us');
  await visitor.page.getByLabel('Your name').pressSequentially(NAME, { delay: 10 });
  await visitor.page.getByLabel('E-mail').pressSequentially(EMAIL, { delay: 10 });
  const message = visitor.page.getByLabel('Message');
  const [first, second] = MESSAGE.split('\n');
  await message.pressSequentially(first!, { delay: 10 });
  await message.press('Enter');
  await message.pressSequentially(second!, { delay: 10 });
  await visitor.page.getByRole('button', { name: 'Send message' }).click();
  await visitor.page.getByText('Thanks — your message is on its way').waitFor({ timeout: 10_000 });
  await visitor.context.close();

  // ---- the administrator sees it in Messages, with the open count in the menu ---------------------------
  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  const messagesLink = nav.getByRole('link', { name: /^Messages/ });
  await expect.poll(() => messagesLink.innerText(), { timeout: 10_000 }).toMatch(/Messages\s*2/);
  await messagesLink.click();
  await page.waitForURL(/\/admin\/messages$/);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  const row = page.locator('tbody tr', { hasText: NAME });
  expect(await row.innerText()).toContain(EMAIL);
  expect(await row.getByText('Open', { exact: true }).isVisible()).toBe(true);
  expect(await page.locator('tbody tr', { hasText: 'Paula Member' }).getByText('@paula_m').isVisible()).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-messages-1280');

  // Search, typed key by key: the list follows once typing pauses.
  await page.getByLabel('Search messages').pressSequentially('refunds', { delay: 15 });
  await page.waitForURL((url) => url.searchParams.get('q') === 'refunds');
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);

  // ---- opens it: the whole message, as text ----------------------------------------------------------------
  await page.getByRole('button', { name: NAME }).click();
  const drawer = page.getByRole('dialog', { name: `Message from ${NAME}` });
  await drawer.waitFor({ timeout: 5_000 });
  const text = drawer.locator('.admin-contact-text');
  expect(await text.innerText()).toBe(MESSAGE);
  expect(await text.locator('b').count()).toBe(0);
  expect(await drawer.getByText('Not signed in').isVisible()).toBe(true);
  expect(await drawer.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toMatch(
    /^mailto:vera\.visitor@example\.test\?subject=/,
  );
  await animationsDone(page);
  await shot(page, 'admin-message-drawer-1280', { fullPage: false });

  // ---- marks it handled: it leaves the Open tab ---------------------------------------------------------------
  await drawer.getByRole('button', { name: 'Mark handled' }).click();
  await expect.poll(() => page.getByText('Marked handled.', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  await drawer.getByRole('button', { name: 'Reopen' }).waitFor({ timeout: 5_000 });
  expect(await drawer.innerText()).toContain('by @ada_admin');
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.count()).toBe(0);
  await expect.poll(() => page.getByText('No messages match “refunds”').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => messagesLink.innerText(), { timeout: 10_000 }).toMatch(/Messages\s*1/);

  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('status') === 'handled');
  await expect.poll(() => page.locator('tbody tr', { hasText: NAME }).count(), { timeout: 10_000 }).toBe(1);
  expect(await page.locator('tbody tr', { hasText: NAME }).getByText('Handled', { exact: true }).isVisible()).toBe(true);

  // ---- the audit log has it ------------------------------------------------------------------------------------
  const entry = await auditRow(page, 'contact-message.handle', admin.user.email);
  expect(await entry.getByText('Marked message handled').isVisible()).toBe(true);
  expect(await entry.getByText('Contact message', { exact: true }).isVisible()).toBe(true);
  expect(await entry.getByRole('listitem').allInnerTexts()).toEqual(expect.arrayContaining(['status: open → handled']));
  await context.close();

  // ---- on a phone: cards, nothing scrolls sideways -------------------------------------------------------------
  const phone = await world.signedIn(admin.token, PHONE);
  await phone.page.goto('/admin/messages?status=all');
  await expect.poll(() => phone.page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await shot(phone.page, 'admin-messages-390');
  await phone.page.getByRole('button', { name: NAME }).click();
  const phoneDrawer = phone.page.getByRole('dialog', { name: `Message from ${NAME}` });
  await phoneDrawer.getByRole('button', { name: 'Reopen' }).waitFor({ timeout: 5_000 });
  await animationsDone(phone.page);
  expect(await sidewaysOverflow(phone.page)).toBeLessThanOrEqual(0);
  await shot(phone.page, 'admin-message-drawer-390', { fullPage: false });
  await phone.context.close();
});
