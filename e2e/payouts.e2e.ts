import { expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { newPerson, shot } from './support/browser';
import { auditChangesOf, auditRow, auditTargetOf } from './support/audit';
import { codeMailedTo, mailsTo } from './support/mail';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// Kept for people to look at, beside the usual e2e artifacts.
const KEEP_DIR = process.env.PAYOUT_SHOTS_DIR;

async function snap(page: Page, name: string) {
  // From the top, so the sticky top bar is where people see it in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  if (!KEEP_DIR) return;
  mkdirSync(KEEP_DIR, { recursive: true });
  await page.screenshot({ path: path.join(KEEP_DIR, `${name}.png`), fullPage: true });
}

/** How far the page would scroll sideways (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A wrong code that is still 6 digits: the first digit moved on by one. */
const wrong = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

it('a model with earnings sets a PayPal account, asks for a payout with an e-mailed code, and an administrator pays it, in money as well as tokens', async () => {
  const model = await createModel(world.server, { name: 'Nova Lux', username: 'nova_payout' });
  const fan = await createMember(world.server, { name: 'Kai Fan' });
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  await giveTokens(world.server, fan.user.id, 500);
  // A tip of 250 tokens: the model earns 200 after the 20 % commission.
  const tip = await world.server.request('POST', '/api/share-love/create', {
    token: fan.token,
    body: { modelId: model.user.id, token: 250 },
  });
  expect(tip.status).toBe(201);

  const modelSide = await newPerson(world.browser, world.server.baseUrl, DESKTOP);
  await modelSide.context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  const { page } = modelSide;

  // Earnings: the totals, the tip among the sources, and the chart of the last 30 days.
  await page.goto('/earnings');
  const totals = page.getByRole('group', { name: 'Totals' });
  // Money as well as tokens (issue #28): 200 tokens at the default 8 cents a token.
  await expect
    .poll(() => totals.textContent(), { timeout: 10_000 })
    .toContain('Net earnings200.00 tokensAdded to your balance, worth $16.00 when paid out');
  expect(await totals.textContent()).toContain('Gross250.00 tokens');
  expect(await totals.textContent()).toContain('Site commission50.00 tokens');
  expect(await page.getByRole('article', { name: 'Tips' }).textContent()).toBe('Tips200.00 tokens250.00 paid · 50.00 commission');
  expect(await page.getByRole('img', { name: '200.00 tokens earned in the last 30 days' }).isVisible()).toBe(true);
  expect(await page.getByRole('table', { name: 'Earnings' }).getByText('Kai Fan', { exact: false }).isVisible()).toBe(true);
  for (const name of ['Earnings', 'Payouts', 'Payout account']) {
    expect(await page.getByRole('navigation', { name: 'Creator tools' }).getByRole('link', { name, exact: true }).isVisible()).toBe(true);
  }
  await page.getByRole('group', { name: 'Group earnings by' }).getByRole('button', { name: 'Week' }).click();
  await expect
    .poll(() => page.getByRole('img', { name: '200.00 tokens earned in the last 12 weeks' }).isVisible(), { timeout: 10_000 })
    .toBe(true);
  await page.getByRole('group', { name: 'Group earnings by' }).getByRole('button', { name: 'Day' }).click();
  await expect.poll(() => page.getByRole('img', { name: /last 30 days/ }).isVisible(), { timeout: 10_000 }).toBe(true);
  await snap(page, 'earnings-1280');

  // Without an account, /payouts asks for one first.
  await page.getByRole('navigation', { name: 'Creator tools' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect.poll(() => page.getByText('Add a payout account first').isVisible(), { timeout: 10_000 }).toBe(true);
  await page.getByRole('link', { name: 'Add a payout account' }).click();
  await page.waitForURL(/\/payouts\/account$/);

  // A PayPal account, shown back in full so she can check it.
  const accountForm = page.getByRole('form', { name: 'Payout account' });
  await accountForm.getByRole('radio', { name: /PayPal/ }).check();
  await accountForm.getByLabel('PayPal e-mail').fill('nova.lux@paypal.example');
  await accountForm.getByRole('button', { name: 'Save payout account' }).click();
  const saved = page.getByRole('region', { name: 'Your payout account' });
  await expect.poll(() => saved.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await saved.locator('dd').first().textContent()).toBe('nova.lux@paypal.example');
  await snap(page, 'payout-account-1280');

  // The request: amount typed key by key, a code by e-mail, a wrong code first, then the right one.
  await page.getByRole('navigation', { name: 'Creator tools' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  const form = page.getByRole('form', { name: 'Request a payout' });
  await expect.poll(() => form.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('group', { name: 'Available balance' }).textContent()).toBe(
    'Available balance200.00 tokensWorth $16.00 when paid out',
  );
  expect(await form.textContent()).toContain('Paid to PayPal · nova.lux@paypal.example');
  // The smallest payout is said before anything is typed, not after a code was mailed (issue #28).
  expect(await page.getByText('The smallest payout is 100.00 tokens ($8.00); a token pays $0.08.').isVisible()).toBe(true);
  const amount = form.getByLabel('Amount');
  await amount.pressSequentially('50');
  await amount.blur();
  await expect.poll(() => form.getByText('The smallest payout is 100.00 tokens ($8.00)').isVisible()).toBe(true);
  await snap(page, 'payouts-below-minimum-typed-1280');
  await form.getByRole('button', { name: 'Send me a code' }).click();
  expect(await mailsTo(world.server, model.user.email)).toEqual([]);
  await amount.fill('');
  await amount.pressSequentially('150');
  await expect.poll(() => form.getByText(/^You will receive/).textContent()).toBe('You will receive $12.00');
  await form.getByRole('button', { name: 'Send me a code' }).click();
  const sent = form.getByRole('status');
  await expect
    .poll(() => sent.textContent(), { timeout: 10_000 })
    .toBe(`We e-mailed a 6-digit code for 150.00 tokens ($12.00) to ${model.user.email}. It is valid for 10 minutes.`);
  const code = await codeMailedTo(world.server, model.user.email);
  // The mail names what the code confirms.
  expect((await mailsTo(world.server, model.user.email)).at(-1)!.text).toContain('confirm your payout request of 150.00 tokens ($12.00)');

  await form.getByLabel('Code').pressSequentially(wrong(code));
  await form.getByRole('button', { name: 'Request 150.00 tokens' }).click();
  await expect.poll(() => form.getByText('That code is not right. 4 tries left.').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await form.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('group', { name: 'Available balance' }).textContent()).toBe(
    'Available balance200.00 tokensWorth $16.00 when paid out',
  );

  await form.getByLabel('Code').fill('');
  await form.getByLabel('Code').pressSequentially(code);
  await form.getByRole('button', { name: 'Request 150.00 tokens' }).click();

  const history = page.getByRole('table', { name: 'Payout requests' });
  await expect.poll(() => history.isVisible(), { timeout: 10_000 }).toBe(true);
  const mine = history.getByRole('row').nth(1);
  expect(await mine.getByText('Pending').isVisible()).toBe(true);
  expect(await mine.getByText('150.00').isVisible()).toBe(true);
  expect(await mine.getByText('$12.00').isVisible()).toBe(true);
  await expect
    .poll(() => page.getByRole('group', { name: 'Available balance' }).textContent(), { timeout: 10_000 })
    .toBe('Available balance50.00 tokensWorth $4.00 when paid out');
  // 50 tokens left is under the smallest payout: no form that would only refuse, but how far she is.
  await expect.poll(() => page.getByText('You can request a payout from 100.00 tokens').isVisible()).toBe(true);
  expect(await page.getByText('You have 50.00 tokens: 50.00 more and you can ask to be paid.').isVisible()).toBe(true);
  expect(await form.count()).toBe(0);
  await expect
    .poll(() => page.getByRole('link', { name: /^Balance: / }).getAttribute('aria-label'))
    .toBe('Balance: 50.00 tokens. Buy tokens');
  await snap(page, 'payouts-1280');

  // The administrator approves it, then marks it paid.
  const adminSide = await newPerson(world.browser, world.server.baseUrl, DESKTOP);
  await adminSide.context.addCookies([{ name: 'accessToken', value: admin.token, url: world.server.baseUrl }]);
  const desk = adminSide.page;
  await desk.goto('/admin/payouts');
  const approve = desk.getByRole('button', { name: 'Approve 150.00 tokens for Nova Lux' });
  await expect.poll(() => approve.isVisible(), { timeout: 10_000 }).toBe(true);
  const pendingRow = desk.getByRole('row').filter({ hasText: 'Nova Lux' });
  // Administrators pay from the account, so they alone read it in full.
  expect(await pendingRow.getByText('PayPal · nova.lux@paypal.example').isVisible()).toBe(true);
  expect(await pendingRow.getByText('$12.00').isVisible()).toBe(true);
  await snap(desk, 'admin-payouts-1280');
  await approve.click();
  await desk.getByRole('dialog', { name: 'Approve this payout?' }).getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => desk.getByText('No payouts are waiting').isVisible(), { timeout: 10_000 }).toBe(true);

  await desk.getByRole('button', { name: 'Approved', exact: true }).click();
  await desk.getByRole('button', { name: 'Mark paid 150.00 tokens for Nova Lux' }).click();
  // The money to send, and where, before anything else; then the transfer's reference.
  const pay = desk.getByRole('dialog', { name: 'Send $12.00 to Nova Lux' });
  await expect.poll(() => pay.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await pay.textContent()).toContain('$12.00 for 150.00 tokens, to PayPal · nova.lux@paypal.example.');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect.poll(() => pay.getByText('Enter the reference of the transfer, so the model can find it').isVisible()).toBe(true);
  await pay.getByLabel('Transfer reference').pressSequentially('PP-7Q2K');
  await snap(desk, 'admin-payout-send-1280');
  await pay.getByRole('button', { name: 'Mark paid' }).click();
  await expect.poll(() => desk.getByText('No approved payouts to pay').isVisible(), { timeout: 10_000 }).toBe(true);
  await desk.getByRole('button', { name: 'All', exact: true }).click();
  await expect
    .poll(() => desk.getByRole('row').filter({ hasText: 'Nova Lux' }).getByText('Paid').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await snap(desk, 'admin-payouts-all-1280');

  // The audit log has both decisions, on the same request, newest first.
  const paidEntry = await auditRow(desk, 'payout.pay', admin.user.email);
  const approvedEntry = await auditRow(desk, 'payout.approve', admin.user.email);
  expect(await paidEntry.getByText('Marked payout paid').isVisible()).toBe(true);
  expect(await approvedEntry.getByText('Approved payout').isVisible()).toBe(true);
  // What was decided on reads once (not "150.00 → 150.00"); the status moves one step each time.
  expect(await auditChangesOf(approvedEntry)).toEqual(
    expect.arrayContaining(['amount: 150.00 tokens', 'amountCents: $12.00', 'status: pending → approved']),
  );
  expect(await auditChangesOf(paidEntry)).toEqual(
    expect.arrayContaining(['amount: 150.00 tokens', 'status: approved → paid', 'reference: empty → PP-7Q2K']),
  );
  const requests = await world.server.request('GET', '/api/payout-request', { token: model.token });
  const requestId: string = requests.body.data.items[0]._id;
  expect(await auditTargetOf(approvedEntry, requestId)).toBe(requestId);
  expect(await auditTargetOf(paidEntry, requestId)).toBe(requestId);
  expect(await desk.locator('tbody tr').first().innerText()).toContain('payout.pay');
  await snap(desk, 'admin-audit-payouts-1280');

  // The model sees it paid without a reload, and is told so.
  await expect.poll(() => mine.getByText('Paid', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await mine.getByText('Reference: PP-7Q2K').isVisible()).toBe(true);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  // The tip, the approval and the payment.
  await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 3 unread');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Latest notifications' });
  await expect
    .poll(() => panel.getByText('Your payout request of 150.00 tokens ($12.00) was paid. Reference: PP-7Q2K').isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await snap(page, 'payouts-paid-1280');

  // The same pages on a phone: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  for (const [url, name] of [
    ['/earnings', 'earnings-390'],
    ['/payouts', 'payouts-390'],
    ['/payouts/account', 'payout-account-390'],
  ] as const) {
    await page.goto(url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible(), { timeout: 10_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect({ url, overflow: await pageOverflow(page) }).toEqual({ url, overflow: 0 });
    await snap(page, name);
  }
  await desk.setViewportSize(PHONE);
  await desk.goto('/admin/payouts?status=all');
  await expect.poll(() => desk.getByText('Nova Lux').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await pageOverflow(desk)).toBe(0);
  await snap(desk, 'admin-payouts-390');

  await modelSide.context.close();
  await adminSide.context.close();
});

it('a bank account is checked as it is typed: a name is not an account number, a mistyped IBAN is caught, a real one is saved', async () => {
  const model = await createModel(world.server, { name: 'Luna Star' });
  const { context, page } = await newPerson(world.browser, world.server.baseUrl);
  await context.addCookies([{ name: 'accessToken', value: model.token, url: world.server.baseUrl }]);
  await page.goto('/payouts/account');
  const form = page.getByRole('form', { name: 'Payout account' });
  await expect.poll(() => form.isVisible(), { timeout: 10_000 }).toBe(true);
  await form.getByRole('radio', { name: /Bank transfer/ }).check();
  const type = async (label: string, text: string) => {
    const field = form.getByLabel(label, { exact: true });
    await field.fill('');
    await field.click();
    await field.pressSequentially(text, { delay: 5 });
  };
  await type('Account holder', 'Luna Star');
  await type('Bank name', 'Acme Bank');
  await type('Account number or IBAN', 'Luna Star');
  await form.getByRole('button', { name: /Save (new )?payout account/ }).click();
  await expect
    .poll(() => form.getByText('Enter an IBAN (like DE89 3704 0044 0532 0130 00) or an account number of 6 to 20 digits').isVisible())
    .toBe(true);
  await shot(page, 'payout-account-not-a-number');

  await type('Account number or IBAN', 'DE89 3704 0044 0532 0130 01');
  await form.getByRole('button', { name: /Save (new )?payout account/ }).click();
  await expect
    .poll(() => form.getByText('That IBAN is not valid: check the country code, the two check digits and the length').isVisible())
    .toBe(true);
  await page.setViewportSize(PHONE);
  await shot(page, 'payout-account-bad-iban-phone');
  await page.setViewportSize(DESKTOP);

  await type('Account number or IBAN', 'DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: /Save (new )?payout account/ }).click();
  await expect.poll(() => page.getByText('•••• 3000').first().isVisible(), { timeout: 10_000 }).toBe(true);
  const saved = await world.server.request('GET', '/api/payout-account/', { token: model.token });
  expect(saved.body.data).toMatchObject({ type: 'bank_transfer', bankInfo: { iban: '•••• 3000' } });
  await context.close();
});
