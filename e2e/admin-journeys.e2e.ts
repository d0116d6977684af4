import { expect, it } from 'vitest';
import sharp from 'sharp';
import { createAdmin, createMember, createModel, giveTokens } from '../apps/server/src/test-support/factories';
import { auditChangesOf, auditRow, auditTargetOf } from './support/audit';
import { animationsDone, imagesLoaded, shot, socketConnected } from './support/browser';
import { journeyWorld } from './support/world';

/**
 * Issue #12's admin journeys that live nowhere else: a model's document approved and the model
 * found in the directory; a balance adjusted with a reason that the member reads in their statement.
 * Each ends in Admin › Audit log. (Payouts, posts, the favicon and footer, sell items and calls have
 * theirs in payouts, posts, site-settings, admin-items and admin-calls.)
 */

const world = journeyWorld();

/** A scanned passport as a model photographs it: a card with a photo box and text lines. */
async function passportScan() {
  const lines = [180, 220, 250, 290].map((y, i) => `<rect x="330" y="${y}" width="${360 - i * 50}" height="14" rx="7" fill="#8a8fa8"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#f1ece2"/>
    <rect x="30" y="30" width="740" height="440" rx="24" fill="#dfe7f2" stroke="#4a5a7a" stroke-width="4"/>
    <rect x="70" y="150" width="220" height="270" rx="12" fill="#b9c4d6"/><circle cx="180" cy="250" r="60" fill="#8f9bb3"/>
    <rect x="330" y="90" width="300" height="28" rx="8" fill="#4a5a7a"/>${lines.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The model sends her document the way the verification page does (multipart, with its fields). */
async function sendDocument(token: string, legalName: string) {
  const form = new FormData();
  form.append('documentType', 'passport');
  form.append('legalName', legalName);
  form.append('birthDate', '1994-06-21');
  form.append('file', new Blob([await passportScan()], { type: 'image/png' }), 'passport-scan.png');
  const res = await fetch(`${world.server.baseUrl}/api/users/document`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

it('an administrator views a pending model’s document and approves it; a member then finds her in the directory; the audit log has it', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const model = await createModel(world.server, { name: 'Lena Marlowe', username: 'lena_marlowe', modelStatus: 'none' });
  const member = await createMember(world.server, { name: 'Theo Fan' });
  await sendDocument(model.token, 'Lena Marlowe');

  // ---- before the approval, the directory does not know her ------------------------------------------
  const fan = await world.signedIn(member.token);
  const searchDirectory = async () => {
    await fan.page.goto('/models');
    await fan.page.getByLabel('Search models').pressSequentially('Lena', { delay: 15 });
  };
  await searchDirectory();
  await expect.poll(() => fan.page.getByText('No models match “Lena”').isVisible(), { timeout: 10_000 }).toBe(true);

  // ---- the administrator reviews the document -----------------------------------------------------------
  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Models', exact: true }).click();
  await page.waitForURL(/\/admin\/models/);
  await page.getByRole('button', { name: 'Review Lena Marlowe' }).click();

  const drawer = page.getByRole('dialog', { name: 'Review Lena Marlowe' });
  const scan = drawer.getByRole('img', { name: 'Verification document submitted by Lena Marlowe' });
  await expect.poll(() => scan.isVisible(), { timeout: 10_000 }).toBe(true);
  // The picture itself arrived (the file is private: the drawer fetches it with the admin's session).
  await imagesLoaded(page);
  expect(await scan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  const details = await drawer.locator('.admin-details').innerText();
  expect(details).toContain('Passport');
  expect(details).toContain('Lena Marlowe');
  await animationsDone(page);
  await shot(page, 'admin-model-review-1280', { fullPage: false });

  await drawer.getByRole('button', { name: 'Approve' }).click();
  await expect
    .poll(() => page.getByText('Lena Marlowe is approved and can now be found, messaged and called.').isVisible(), { timeout: 10_000 })
    .toBe(true);
  await expect.poll(() => drawer.count(), { timeout: 10_000 }).toBe(0);
  // Out of the queue: the pending list has nobody left.
  await expect.poll(() => page.getByText('No models are waiting for review').isVisible(), { timeout: 10_000 }).toBe(true);

  // ---- the member finds her now ------------------------------------------------------------------------------
  await searchDirectory();
  const card = fan.page.getByRole('link', { name: /Lena Marlowe/ });
  await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
  expect(await card.innerText()).toContain('@lena_marlowe');
  await shot(fan.page, 'models-directory-approved-1280');
  await card.click();
  await fan.page.waitForURL(/\/models\/lena_marlowe$/);
  await expect.poll(() => fan.page.getByRole('heading', { name: 'Lena Marlowe' }).isVisible(), { timeout: 10_000 }).toBe(true);

  // ---- the audit log has the approval --------------------------------------------------------------------------
  const entry = await auditRow(page, 'model.approve', admin.user.email);
  expect(await entry.getByText('Approved model').isVisible()).toBe(true);
  expect(await auditChangesOf(entry)).toEqual(['modelStatus: pending → approved']);
  expect(await auditTargetOf(entry, model.user.id)).toBe(model.user.id);
  await shot(page, 'admin-audit-model-approve-1280');

  await fan.context.close();
  await context.close();
});

const REASON = 'Refund for the call that dropped on Friday';

it('an administrator finds a member, adjusts the balance with a reason; the member sees it in the statement; the audit log has it', async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  const member = await createMember(world.server, { name: 'Rosa Ledger' });
  await giveTokens(world.server, member.user.id, 20);

  // The member is on her statement while it happens.
  const rosa = await world.signedIn(member.token);
  await rosa.page.goto('/tokens/statement');
  await socketConnected(rosa.page);
  const chip = rosa.page.getByRole('link', { name: /^Balance: / });
  await expect.poll(() => chip.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Balance: 20.00 tokens. Buy tokens');

  // ---- the administrator finds her by typing, and adjusts ----------------------------------------------------
  const { context, page } = await world.signedIn(admin.token);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('link', { name: 'Members', exact: true }).click();
  await page.waitForURL(/\/admin\/members/);
  await page.getByLabel('Search members').pressSequentially('Rosa Led', { delay: 15 });
  await page.waitForURL((url) => url.searchParams.get('q') === 'Rosa Led');
  await page.getByRole('button', { name: "Adjust Rosa Ledger's balance" }).click();

  const modal = page.getByRole('dialog', { name: "Adjust Rosa Ledger's balance" });
  await modal.getByLabel('Amount').pressSequentially('12.50', { delay: 15 });
  await modal.getByLabel('Reason').pressSequentially(REASON, { delay: 5 });
  // The preview says what the balance becomes before anything is sent.
  await expect
    .poll(() => modal.locator('.admin-details').innerText(), { timeout: 10_000 })
    .toMatch(/Balance now\s+20\.00 tokens\s+After this change\s+32\.50 tokens/);
  await animationsDone(page);
  await shot(page, 'admin-adjust-balance-1280', { fullPage: false });
  await modal.getByRole('button', { name: 'Adjust balance' }).click();
  await expect.poll(() => modal.getByText('Balance adjusted').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await modal.innerText()).toContain('New balance: 32.50 tokens');
  await modal.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => modal.count(), { timeout: 10_000 }).toBe(0);

  // ---- the member: the balance moves at once, and the statement has the entry with its reason ----------------
  await expect.poll(() => chip.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Balance: 32.50 tokens. Buy tokens');
  await rosa.page.reload();
  const statement = rosa.page.getByRole('table', { name: 'Statement' });
  const adjustment = statement.getByRole('row').filter({ hasText: REASON });
  await expect.poll(() => adjustment.count(), { timeout: 10_000 }).toBe(1);
  expect(await adjustment.innerText()).toContain('+12.50');
  // Newest first: the adjustment above the purchase.
  expect(await statement.getByRole('row').nth(1).innerText()).toContain(REASON);
  await shot(rosa.page, 'statement-adjustment-1280');

  // ---- the audit log has it -------------------------------------------------------------------------------
  const entry = await auditRow(page, 'balance.adjust', admin.user.email);
  expect(await entry.getByText('Adjusted balance').isVisible()).toBe(true);
  const changes = await auditChangesOf(entry);
  expect(changes.slice(0, 2)).toEqual(['balance: 20.00 tokens → 32.50 tokens', `reason: ${REASON}`]);
  expect(await auditTargetOf(entry, member.user.id)).toBe(member.user.id);
  await shot(page, 'admin-audit-balance-adjust-1280');

  await rosa.context.close();
  await context.close();
});
