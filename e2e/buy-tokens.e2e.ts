import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createMember, createModel } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { buyStarter } from './support/checkout';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };

/** Opens the checkout of the first package for a member with a fresh browser profile. */
async function openCheckout(token: string, viewport?: { width: number; height: number }) {
  const person = await newPerson(world.browser, world.server.baseUrl, viewport);
  await person.context.addCookies([{ name: 'accessToken', value: token, url: world.server.baseUrl }]);
  await person.page.goto('/tokens');
  await person.page.getByRole('button', { name: 'Buy' }).first().click();
  return { ...person, checkout: person.page.getByRole('dialog') };
}

/** Clicks into a field and types into it key by key, as a person does (no fill, no paste). */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: 15 });
}

async function typeCard(checkout: Locator, card: { number: string; name: string }) {
  await typeInto(checkout.getByLabel('Card number'), card.number);
  await typeInto(checkout.getByLabel('Expiry'), '1230');
  await typeInto(checkout.getByLabel('Security code'), '123');
  await typeInto(checkout.getByLabel('Name on card'), card.name);
}

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/**
 * True when the whole element can be seen without scrolling: inside the window and inside the
 * dialog's visible box (a dialog that scrolls clips what lies below its bottom edge).
 */
async function onScreen(page: Page, dialog: Locator, locator: Locator) {
  const [box, frame, size] = [await locator.boundingBox(), await dialog.boundingBox(), page.viewportSize()];
  if (!box || !frame || !size) return false;
  // The topmost element at the centre of the box must be the element itself (or inside it): nothing covers it.
  const uncovered = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  return uncovered && within(box, frame) && within(box, { x: 0, y: 0, ...size });
}

it('buys a token package with the sandbox card, sees the balance change in the top bar and the invoice in the list', async () => {
  const member = await createMember(world.server, { name: 'Ada Buyer' });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: member.token, url: world.server.baseUrl }]);

  await page.goto('/tokens');
  // By class, not role: while the checkout dialog is open the page behind it is hidden from the
  // accessibility tree, but the chip is still on screen.
  const chip = page.locator('.balance-chip__amount');
  await expect.poll(() => chip.textContent()).toBe('0.00');

  await buyStarter(page);
  const checkout = page.getByRole('dialog');
  await typeCard(checkout, { number: '4111 1111 1111 1111', name: 'Ada Buyer' });
  await checkout.getByRole('button', { name: /^Pay \$9\.99/ }).click();

  // The chip follows the purchase (answer and socket event) without a reload.
  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).toBe('100.00');
  await shot(page, 'tokens-bought');

  // Exactly one credit, one payment, one invoice on the server.
  const me = await world.server.request('GET', '/api/users/me', { token: member.token });
  expect(me.body.data.balance).toBe(100);
  const invoices = await world.server.request('GET', '/api/invoice', { token: member.token });
  expect(invoices.body.data.count).toBe(1);

  await page.goto('/invoices');
  const number = invoices.body.data.items[0].number as string;
  await expect.poll(() => page.getByText(number).count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('$9.99').first().isVisible()).toBe(true);
  // The card is named as the payments list names it.
  const invoiceRow = page.getByRole('row').filter({ hasText: number });
  expect(await invoiceRow.getByText('Visa •••• 1111').isVisible()).toBe(true);
  await shot(page, 'invoices');
  await page.goto('/tokens/history');
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Starter' }).getByText('Visa •••• 1111').isVisible()).toBe(true);
  expect(await page.getByLabel('Totals of the payments shown').textContent()).toContain('Total paid (approved payments shown) $9.99');

  await page.goto(`/invoices/${invoices.body.data.items[0]._id}`);
  const sheet = page.getByRole('article', { name: 'Invoice' });
  await expect.poll(() => sheet.getByText(/Paid with Visa •••• 1111 on/).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'invoice');
  await page.setViewportSize(PHONE);
  await shot(page, 'invoice-phone');
  await context.close();
});

it('typing a card number digit by digit keeps every digit and the focus, and the payment goes through', async () => {
  const member = await createMember(world.server, { name: 'Tia Typist' });
  const { context, page, checkout } = await openCheckout(member.token);
  const chip = page.locator('.balance-chip__amount');
  await expect.poll(() => chip.textContent()).toBe('0.00');

  const cardNumber = checkout.getByLabel('Card number');
  await cardNumber.click();
  // The brand appears after the first digit; the field must stay the same one, with the focus in it.
  await page.keyboard.type('4111111111111111', { delay: 20 });
  expect(await cardNumber.inputValue()).toBe('4111 1111 1111 1111');
  expect(await cardNumber.evaluate((input) => input === document.activeElement)).toBe(true);
  await expect.poll(() => checkout.getByText('Visa', { exact: true }).isVisible()).toBe(true);
  await shot(page, 'checkout-typing');

  await typeInto(checkout.getByLabel('Expiry'), '1230');
  await typeInto(checkout.getByLabel('Security code'), '123');
  await typeInto(checkout.getByLabel('Name on card'), 'Tia Typist');
  expect(await checkout.getByLabel('Expiry').inputValue()).toBe('12/30');
  expect(await checkout.getByLabel('Name on card').inputValue()).toBe('Tia Typist');
  await checkout.getByRole('button', { name: /^Pay / }).click();

  await expect.poll(() => chip.textContent(), { timeout: 15_000 }).not.toBe('0.00');
  expect((await world.server.request('GET', '/api/users/me', { token: member.token })).body.data.balance).toBeGreaterThan(0);
  await context.close();
});

it('on a phone the card number typed key by key keeps every digit too', async () => {
  const member = await createMember(world.server);
  const { context, page, checkout } = await openCheckout(member.token, PHONE);
  const cardNumber = checkout.getByLabel('Card number');
  await typeInto(cardNumber, '4111111111111111');
  expect(await cardNumber.inputValue()).toBe('4111 1111 1111 1111');
  expect(await cardNumber.evaluate((input) => input === document.activeElement)).toBe(true);
  await shot(page, 'checkout-typing-phone');
  await context.close();
});

it('a declined card says why and credits nothing', async () => {
  const member = await createMember(world.server);
  const { context, page, checkout } = await openCheckout(member.token);
  await typeCard(checkout, { number: '4000 0000 0000 0002', name: 'Decline Person' });
  await checkout.getByRole('button', { name: /^Pay / }).click();

  // The alert, not the sandbox hint that also lists a "declined" test card.
  const refusal = checkout.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect.poll(() => refusal.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await refusal.textContent()).toMatch(/Your card was declined/);
  expect(await page.locator('.balance-chip__amount').textContent()).toBe('0.00');
  expect((await world.server.request('GET', '/api/users/me', { token: member.token })).body.data.balance).toBe(0);
  expect((await world.server.request('GET', '/api/invoice', { token: member.token })).body.data.count).toBe(0);
  await context.close();
});

for (const [size, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['390×844', PHONE],
] as const) {
  it(`after a decline at ${size} the Pay button is still on screen, under the reason`, async () => {
    const member = await createMember(world.server);
    const { context, page, checkout } = await openCheckout(member.token, viewport);
    await typeCard(checkout, { number: '4000000000000002', name: 'Decline Person' });
    const pay = checkout.getByRole('button', { name: /^Pay / });
    await pay.click();
    const reason = checkout.getByRole('alert').filter({ hasText: 'Your card was declined' });
    await expect.poll(() => reason.isVisible(), { timeout: 15_000 }).toBe(true);
    // The reason scrolls into view smoothly; give it a moment to settle before measuring.
    await page.waitForTimeout(600);

    expect(await onScreen(page, checkout, reason)).toBe(true);
    expect(await onScreen(page, checkout, pay)).toBe(true);
    await shot(page, `checkout-declined-${viewport.width}`);
    await context.close();
  });
}

it("on a phone every section of a model's money pages and creator tools is in sight, none off the edge of the strip", async () => {
  const model = await createModel(world.server);
  const { context, page } = await newPerson(world.browser, world.server.baseUrl, PHONE);
  await context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  const inSight = async (nav: Locator, names: readonly string[]) => {
    await expect.poll(() => nav.getByRole('link').count(), { timeout: 10_000 }).toBe(names.length);
    const frame = (await nav.boundingBox())!;
    for (const name of names) {
      const box = (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      expect({ name, left: box.x >= frame.x, right: box.x + box.width <= Math.min(frame.x + frame.width, PHONE.width) }).toEqual({
        name,
        left: true,
        right: true,
      });
    }
  };
  await page.goto('/tokens/history');
  const money = page.getByRole('navigation', { name: 'Tokens and billing' });
  await inSight(money, ['Buy tokens', 'Payments', 'Statement', 'Invoices', 'Saved cards']);
  expect(await money.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
  await shot(page, 'money-tabs-phone');

  // Her earnings, payouts, store and calls are one row of creator tools (issue #28).
  await page.goto('/earnings');
  const creator = page.getByRole('navigation', { name: 'Creator tools' });
  await inSight(creator, ['Earnings', 'Payouts', 'Payout account', 'My store', 'Call history', 'Softphone and settings']);
  expect(await creator.getByRole('link', { name: 'Earnings' }).getAttribute('aria-current')).toBe('page');
  await shot(page, 'creator-tabs-phone');
  await context.close();
});
