import { expect, it } from 'vitest';
import type { FileChooser, Page } from 'playwright-core';
import { createModel } from '../apps/server/src/test-support/factories';
import { shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();

const PHONE = { width: 390, height: 844 };
/** A real 1×1 PNG: the server judges uploads by their bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Presses Tab until the focused element matches, as a keyboard user would reach it. */
async function tabTo(page: Page, isTarget: () => boolean, most = 15) {
  for (let presses = 0; presses < most; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(isTarget)) return;
  }
  throw new Error('Tab never reached the element');
}

it('a model sends her verification document with a styled file picker, from the keyboard alone', async () => {
  const model = await createModel(world.server, { name: 'Vera Doc', modelStatus: 'none' });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/account/verification');

  const fileInput = page.getByLabel('Document file');
  await expect.poll(() => fileInput.count(), { timeout: 10_000 }).toBe(1);
  // The picker reads like the photo picker: a button, what is chosen, and the rule.
  const picker = page.locator('.ui-field').filter({ has: fileInput });
  await expect.poll(() => picker.getByText('Choose a file…').isVisible()).toBe(true);
  await expect.poll(() => picker.getByText('No file chosen yet').isVisible()).toBe(true);
  await shot(page, 'verification-1280');

  await page.getByLabel('Legal name').pressSequentially('Vera Doc');
  await page.getByLabel('Birth date').click();
  await page.keyboard.type('03141990');

  await page.getByLabel('Legal name').focus();
  await tabTo(page, () => (document.activeElement as HTMLInputElement | null)?.type === 'file');
  // The focused picker shows a focus ring on its button.
  const ring = await picker.locator('.file-picker__button').evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(ring).not.toBe('none');
  // Space on the focused picker opens the chooser. On a loaded machine a re-render can take the
  // focus between the Tab and the Space; then the person would tab back and press again, and so do we.
  const isPicker = () => (document.activeElement as HTMLInputElement | null)?.type === 'file';
  let chooser: FileChooser | undefined;
  for (let attempt = 0; attempt < 3 && !chooser; attempt++) {
    if (!(await page.evaluate(isPicker))) await tabTo(page, isPicker);
    [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => undefined),
      page.keyboard.press('Space'),
    ]);
  }
  if (!chooser) throw new Error('Space on the focused file picker never opened the file chooser');
  await chooser.setFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => picker.getByText('passport-scan.png').isVisible()).toBe(true);
  await shot(page, 'verification-file-chosen-1280');

  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Send for review');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText('Document sent. We will review it shortly.').isVisible(), { timeout: 10_000 }).toBe(true);
  const me = await world.server.request('GET', '/api/users/me', { token: model.token });
  expect(me.body.data).toMatchObject({ modelStatus: 'pending', verificationDocument: { legalName: 'Vera Doc', birthDate: '1990-03-14' } });
  await context.close();

  const phone = await world.signedIn((await createModel(world.server, { name: 'Phone Doc', modelStatus: 'none' })).token, PHONE);
  await phone.page.goto('/account/verification');
  await expect.poll(() => phone.page.getByText('Choose a file…').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(phone.page, 'verification-390');
  await phone.context.close();
});

it('an empty birth date asks for the birth date instead of a date format', async () => {
  const model = await createModel(world.server, { name: 'No Birthday', modelStatus: 'none' });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/account/verification');
  await page.getByLabel('Legal name').pressSequentially('No Birthday');
  await page.getByRole('button', { name: 'Send for review' }).click();

  await expect.poll(() => page.getByText('Enter your birth date').isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByText('must be a date (YYYY-MM-DD)').count()).toBe(0);
  // What was typed stays.
  expect(await page.getByLabel('Legal name').inputValue()).toBe('No Birthday');
  await context.close();
});

it('a profile photo the browser cannot show is refused in words, with no alt text spilling out of the circle', async () => {
  const model = await createModel(world.server, { name: 'Pixel Problem' });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/account/profile');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload a photo' }).click()]);
  await chooser.setFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are not a picture') });

  await expect.poll(() => page.getByText('could not be read as a picture', { exact: false }).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByAltText('Preview of your new profile photo').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Save photo' }).count()).toBe(0);
  // The circle still shows the initials.
  expect(await page.getByRole('img', { name: 'Pixel Problem' }).first().textContent()).toBe('PP');
  await shot(page, 'profile-1280');
  await context.close();

  const phone = await world.signedIn(model.token, PHONE);
  await phone.page.goto('/account/profile');
  await expect.poll(() => phone.page.getByRole('button', { name: 'Upload a photo' }).isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(phone.page, 'profile-390');
  await phone.context.close();
});

it('a photo chosen and then Save profile pressed is saved with the profile, not dropped', async () => {
  const model = await createModel(world.server, { name: 'Photo Keeper' });
  const { context, page } = await world.signedIn(model.token);
  await page.goto('/account/profile');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload a photo' }).click()]);
  await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => page.getByAltText('Preview of your new profile photo').isVisible(), { timeout: 10_000 }).toBe(true);

  const bio = page.getByLabel('Bio');
  await bio.click();
  await bio.pressSequentially('Night owl, vinyl records.', { delay: 10 });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => page.getByText('Your profile and photo are saved.').isVisible(), { timeout: 10_000 }).toBe(true);
  await shot(page, 'profile-photo-saved-with-profile');

  const me = await world.server.request('GET', '/api/users/me', { token: model.token });
  expect(me.body.data.avatarUrl).toMatch(/^\/api\/files\//);
  expect(me.body.data.bio).toBe('Night owl, vinyl records.');
  // After a reload the photo is still there.
  await page.reload();
  await expect.poll(() => page.getByRole('button', { name: 'Change photo' }).isVisible(), { timeout: 10_000 }).toBe(true);
  await context.close();
});
