import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createAdmin, createMember, createModel } from '../apps/server/src/test-support/factories';
import { auditChangesOf, auditRow } from './support/audit';
import { animationsDone, shot } from './support/browser';
import { payForStarter, typeInto } from './support/checkout';
import { journeyWorld } from './support/world';

/**
 * Admin › Payments (docs/product.md#refunds-and-chargebacks): a member buys tokens with the sandbox
 * card; an administrator finds the payment by searching the member, refunds it with a reason; the
 * member's balance drops and their payment shows Refunded; the audit log has the refund.
 */
const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
const REASON = 'Bought the wrong package by mistake and asked the same day.';

const signedIn = (token: string, viewport?: { width: number; height: number }) => world.signedIn(token, viewport);

/** The member buys the Starter package at /tokens with the sandbox's approved card. */
async function buyStarter(page: Page, name: string) {
  await page.goto('/tokens');
  const chip = page.locator('.balance-chip__amount');
  await expect.poll(() => chip.textContent(), { timeout: 10_000 }).toBe('0.00');
  await payForStarter(page, name);
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('100.00');
  return chip;
}

/** How far the page, and every table box on it, would scroll sideways (0 when nothing does). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll<HTMLElement>('.ui-table__scroll')];
    return Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
  });

it('an administrator finds a member’s payment by searching, refunds it with a reason, and the member sees it refunded', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const member = await createMember(world.server, { name: 'Rosa Refundable', username: 'rosa_refund' });
  const other = await createMember(world.server, { name: 'Otto Other' });

  // ---- the members buy tokens ---------------------------------------------------------------------------
  const fan = await signedIn(member.token);
  const chip = await buyStarter(fan.page, 'Rosa Refundable');
  const bystander = await signedIn(other.token);
  await buyStarter(bystander.page, 'Otto Other');
  await bystander.context.close();

  // ---- the administrator finds Rosa's payment ------------------------------------------------------------
  const { context, page } = await signedIn(admin.token);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Payments', exact: true }).click();
  await page.waitForURL(/\/admin\/payments$/);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(2);
  await typeInto(page.getByLabel('Search payments'), 'rosa');
  await page.waitForURL(/q=rosa/);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  const row = page.locator('tbody tr').first();
  expect(await row.innerText()).toContain('Rosa Refundable');
  expect(await row.innerText()).toContain('$9.99');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-payments-search');

  // ---- opens it and refunds it --------------------------------------------------------------------------------
  await row.getByRole('button', { name: 'Open Starter payment by Rosa Refundable' }).click();
  const drawer = page.getByRole('dialog', { name: 'Starter · $9.99' });
  await expect.poll(() => drawer.getByText('100.00 tokens', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await drawer.getByText(/^INV-\d{6}$/).isVisible()).toBe(true);
  await animationsDone(page);
  await shot(page, 'admin-payment-drawer', { fullPage: false });
  await drawer.getByRole('button', { name: 'Refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this payment?' });
  // The reason is required.
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect.poll(() => confirm.getByText('Say why').isVisible()).toBe(true);
  await typeInto(confirm.getByLabel('Reason'), REASON);
  await animationsDone(page);
  await shot(page, 'admin-payment-refund-modal', { fullPage: false });
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect.poll(() => page.getByText('Payment refunded.').isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => drawer.getByText(REASON).isVisible(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => drawer.getByText('0.00 tokens', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await drawer.getByRole('button', { name: 'Refund' }).count()).toBe(0);
  await animationsDone(page);
  await shot(page, 'admin-payment-refunded', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect.poll(() => row.getByText('Refunded', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);

  // ---- the member's balance drops at once, and their payment shows Refunded ----------------------------
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('0.00');
  await fan.page.goto('/tokens/history');
  const payment = fan.page.getByRole('row').filter({ hasText: 'Starter' });
  await expect.poll(() => payment.getByText('Refunded', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(fan.page, 'member-payment-refunded');
  await fan.context.close();

  // ---- the audit log has the refund ----------------------------------------------------------------------------
  const audit = await auditRow(page, 'Refunded payment', admin.user.email);
  const changes = (await auditChangesOf(audit)).join('\n');
  expect(changes).toContain('status: approved → refunded');
  expect(changes).toContain('taken: 100.00 tokens');
  expect(changes).toContain('shortfall: 0.00 tokens');
  await shot(page, 'admin-payment-audit');

  // ---- the same page on a phone: one card per payment, nothing scrolls sideways ------------------------
  await page.goto('/admin/payments?q=rosa');
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'admin-payments-phone');
  await page
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Open Starter payment/ })
    .click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Starter · $9.99' }).getByText(REASON).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await animationsDone(page);
  await shot(page, 'admin-payment-drawer-phone', { fullPage: false });
  await context.close();
});

it('the drawer says what can be refunded before the button, an administrator refunds the part the member still holds, and she is told', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const member = await createMember(world.server, { name: 'Pia Partial', username: 'pia_partial' });
  const model = await createModel(world.server, { name: 'Mona Model' });

  // She buys Starter (100 tokens, $9.99) and tips 40 of them away.
  const fan = await signedIn(member.token);
  const chip = await buyStarter(fan.page, 'Pia Partial');
  await fan.page.getByRole('button', { name: 'Done' }).click();
  const tip = await world.server.request('POST', '/api/share-love/create', {
    token: member.token,
    body: { modelId: model.user.id, token: 40 },
  });
  expect(tip.status).toBe(201);
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('60.00');

  const { context, page } = await signedIn(admin.token);
  await page.goto('/admin/payments?q=pia');
  await page.getByRole('button', { name: 'Open Starter payment by Pia Partial' }).click();
  const drawer = page.getByRole('dialog', { name: 'Starter · $9.99' });
  // 60 of the 100 tokens are 60 % of $9.99: $5.99 to the cent. Said before anything is pressed.
  const refundable = drawer.locator('.admin-details__row').filter({ hasText: 'Can be refunded' });
  await expect
    .poll(() => refundable.textContent(), { timeout: 10_000 })
    .toBe('Can be refunded60.00 of 100.00 tokens ($5.99): the member spent the rest');
  await animationsDone(page);
  await shot(page, 'admin-payment-refundable-part', { fullPage: false });

  await drawer.getByRole('button', { name: 'Refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this payment?' });
  const amount = confirm.getByLabel('Tokens to refund');
  expect(await amount.inputValue()).toBe('60.00');
  await amount.fill('');
  await amount.pressSequentially('30');
  await expect.poll(() => confirm.getByText('Gives back $3.00 of $9.99. At most 60.00 tokens.').isVisible()).toBe(true);
  await typeInto(confirm.getByLabel('Reason'), 'Half the package was bought by mistake.');
  await animationsDone(page);
  await shot(page, 'admin-payment-refund-part-modal', { fullPage: false });
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect.poll(() => drawer.getByText(/refunded \$3\.00 for 30\.00 tokens/).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await drawer.getByText('Partly refunded', { exact: true }).first().isVisible()).toBe(true);
  await context.close();

  // Her balance drops by the 30 tokens, her payment says what went back, and she is told.
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('30.00');
  const bell = fan.page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = fan.page.getByRole('region', { name: 'Latest notifications' });
  await expect
    .poll(
      () =>
        panel
          .getByText(
            'Part of your purchase of Starter ($9.99) was refunded: $3.00 goes back to your card and 30.00 tokens were taken back.',
          )
          .isVisible(),
      { timeout: 10_000 },
    )
    .toBe(true);
  await fan.page.keyboard.press('Escape');
  await fan.page.goto('/tokens/history');
  const payment = fan.page.getByRole('row').filter({ hasText: 'Starter' });
  await expect.poll(() => payment.getByText('Partly refunded', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await payment.getByText('$3.00 back to your card').isVisible()).toBe(true);
  await shot(fan.page, 'member-payment-partly-refunded');
  await fan.page.setViewportSize(PHONE);
  // The page fits; the payments table scrolls inside its own box, as every member table does on a phone.
  expect(await fan.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(fan.page, 'member-payment-partly-refunded-phone');
  await fan.context.close();
});
