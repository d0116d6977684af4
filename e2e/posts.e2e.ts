import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { createAdmin } from '../apps/server/src/test-support/factories';
import { auditChangesOf, auditRow, auditTargetOf } from './support/audit';
import { newPerson, shot } from './support/browser';
import { journeyWorld } from './support/world';

const world = journeyWorld();
let adminToken: string;
let adminEmail: string;

beforeAll(async () => {
  const admin = await createAdmin(world.server, { name: 'Ada Admin' });
  adminToken = admin.token;
  adminEmail = admin.user.email;
});

const PHONE = { width: 390, height: 844 };

/** What a hostile body tries: every line would leave a mark on the page if it ran. */
const HOSTILE_HTML =
  '<p>Pasted from elsewhere.</p>' +
  '<script>window.__pwned = "script"; document.title = "pwned";</script>' +
  '<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">' +
  '<p onclick="window.__pwned = \'click\'" style="position:fixed;inset:0">Styled paragraph</p>' +
  '<a href="javascript:window.__pwned=\'link\'">a javascript: link</a>' +
  '<iframe src="javascript:parent.__pwned=\'frame\'"></iframe>' +
  '<svg onload="window.__pwned = \'svg\'"><circle r="5"></circle></svg>';

async function signedIn(token: string | null, viewport?: { width: number; height: number }) {
  const person = await newPerson(world.browser, world.server.baseUrl, viewport);
  if (token) await person.context.addCookies([{ name: 'accessToken', value: token, url: world.server.baseUrl }]);
  const dialogs: string[] = [];
  person.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...person, dialogs };
}

/** A wide picture with a soft gradient, uploaded the way the editor does. */
async function uploadCover(hue: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${hue + 60},65%,45%)"/></linearGradient></defs>
    <rect width="1280" height="720" fill="url(#g)"/><circle cx="980" cy="180" r="220" fill="rgba(255,255,255,0.18)"/>
    <circle cx="260" cy="600" r="160" fill="rgba(255,255,255,0.12)"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${world.server.baseUrl}/api/admin/posts/cover`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

const api = (method: string, url: string, body?: unknown) => world.server.request(method, url, { token: adminToken, body });

/** Types into the editor one key at a time, as a person does. */
const type = (page: Page, text: string) => page.keyboard.type(text, { delay: 5 });

it('an administrator writes a post in the editor and publishes it; visitors read it without any script running; unpublished, it is gone', async () => {
  // Two older posts, so the list has company.
  for (const [title, hue] of [
    ['Welcome to the lounge', 250],
    ['How calls are billed', 160],
  ] as const) {
    const created = await api('POST', '/api/admin/posts', {
      title,
      body: `<p>${title}: a few words so the card has a summary to show under its title.</p>`,
      coverId: await uploadCover(hue),
      status: 'published',
    });
    expect(created.status).toBe(201);
  }

  // ---- the administrator writes, key by key ----------------------------------------------------
  const admin = await signedIn(adminToken);
  const { page } = admin;
  await page.goto('/admin/posts');
  await page.getByRole('link', { name: 'Write a post' }).first().click();
  await page.waitForURL(/\/admin\/posts\/new$/);
  await page.getByLabel('Title').click();
  await type(page, 'Notes from the studio');

  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await type(page, 'What we made');
  await page.keyboard.press('Enter');
  await type(page, 'We recorded ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await type(page, 'three songs');
  await page.keyboard.press('Control+b');
  await type(page, ' and an ');
  await page.keyboard.press('Control+i');
  await type(page, 'interlude');
  await page.keyboard.press('Control+i');
  await type(page, '. Typed, not run: <script>window.__pwned = "typed"</script>');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await type(page, 'Guitar');
  await page.keyboard.press('Enter');
  await type(page, 'Piano');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Quote' }).click();
  await type(page, 'Music is the space between the notes.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await type(page, 'Read more on our site');
  for (let i = 0; i < 'our site'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
  await linkDialog.getByLabel('Address').fill('example.com');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect.poll(() => body.locator('a').getAttribute('href')).toBe('https://example.com');

  // The caret waits after the new link, so writing goes on from there.
  await page.keyboard.press('Enter');
  // Pasting a hostile document into the editor keeps none of its tricks.
  await body.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'pasted');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, HOSTILE_HTML);
  await expect.poll(() => body.textContent()).toContain('Pasted from elsewhere.');

  await page.getByLabel('Summary').fill('Three songs, an interlude and what we learned.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.waitForURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
  const postId = page.url().split('/').pop()!;
  await expect.poll(() => page.getByText('Draft saved.').count()).toBe(1);

  // The same hostile HTML sent straight to the API, past the editor: the server cleans it.
  const saved = await api('GET', `/api/admin/posts/${postId}`);
  const put = await api('PUT', `/api/admin/posts/${postId}`, {
    body: saved.body.data.body + HOSTILE_HTML,
    coverId: await uploadCover(320),
  });
  expect(put.status).toBe(200);
  expect(put.body.data.body).not.toMatch(/<script|<iframe|<svg|\son\w+=|\sstyle=|href="javascript/i);

  // A draft is nobody's business but the administrators'.
  const visitor = await signedIn(null);
  await visitor.page.goto('/posts/notes-from-the-studio');
  await expect.poll(() => visitor.page.getByText('This post is not available').count()).toBe(1);

  // Reopened, the editor shows the cleaned post; publishing is one click.
  await page.reload();
  await expect.poll(() => body.textContent()).toContain('Styled paragraph');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Unpublish' }).count()).toBe(1);
  await shot(page, 'posts-editor-1280');

  // ---- the visitor reads it ----------------------------------------------------------------------
  await visitor.page.goto('/posts');
  const newest = visitor.page.getByRole('list', { name: 'Posts' }).getByRole('link').first();
  await expect.poll(() => newest.textContent()).toContain('Notes from the studio');
  expect(await newest.textContent()).toContain('Three songs, an interlude and what we learned.');
  await shot(visitor.page, 'posts-list-1280');
  await newest.click();
  await visitor.page.waitForURL(/\/posts\/notes-from-the-studio$/);

  const article = visitor.page.locator('.post-body');
  await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Notes from the studio');
  expect(await article.locator('h2').textContent()).toBe('What we made');
  // (A space typed just before switching bold on may end up bold too: invisible, so trimmed here.)
  expect((await article.locator('strong').first().textContent())?.trim()).toBe('three songs');
  expect((await article.locator('em').first().textContent())?.trim()).toBe('interlude');
  expect(await article.locator('li').allTextContents()).toEqual(['Guitar', 'Piano']);
  expect(await article.locator('blockquote').textContent()).toBe('Music is the space between the notes.');
  const link = article.getByRole('link', { name: 'our site' });
  expect(await link.getAttribute('href')).toBe('https://example.com');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  expect(await article.textContent()).toContain('Typed, not run: <script>window.__pwned = "typed"</script>');
  expect(await article.textContent()).toContain('Styled paragraph');

  // Nothing ran: no flag, no title change, no dialog, and nothing dangerous in the page at all.
  // (Give an image error or a late handler time to fire, then check.)
  await visitor.page.waitForLoadState('networkidle');
  expect(await visitor.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await visitor.page.title()).not.toBe('pwned');
  expect(visitor.dialogs).toEqual([]);
  expect(admin.dialogs).toEqual([]);
  expect(await article.locator('script, iframe, svg, [onerror], [onclick], [style], [href^="javascript"]').count()).toBe(0);
  await shot(visitor.page, 'posts-post-1280');

  // ---- phones ------------------------------------------------------------------------------------
  const phone = await signedIn(null, PHONE);
  await phone.page.goto('/posts');
  await expect.poll(() => phone.page.getByRole('list', { name: 'Posts' }).getByRole('link').count()).toBe(3);
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(phone.page, 'posts-list-390');
  await phone.page.goto('/posts/notes-from-the-studio');
  await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Notes from the studio');
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(phone.page, 'posts-post-390');
  const phoneAdmin = await signedIn(adminToken, PHONE);
  await phoneAdmin.page.goto(`/admin/posts/${postId}`);
  await expect.poll(() => phoneAdmin.page.getByRole('textbox', { name: 'Body' }).textContent()).toContain('What we made');
  expect(await phoneAdmin.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(phoneAdmin.page, 'posts-editor-390');

  // ---- unpublished, the public page answers "not available" --------------------------------------
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Publish' }).count()).toBe(1);
  await visitor.page.reload();
  await expect.poll(() => visitor.page.getByText('This post is not available').count()).toBe(1);
  await visitor.page.goto('/posts');
  await expect.poll(() => visitor.page.getByRole('list', { name: 'Posts' }).getByRole('link').count()).toBe(2);
  expect(await visitor.page.getByRole('list', { name: 'Posts' }).textContent()).not.toContain('Notes from the studio');

  // The administrators' list says which is which.
  await page.getByRole('link', { name: 'All posts' }).click();
  const rows = page.getByRole('table', { name: 'Posts' }).getByRole('row');
  await expect.poll(() => rows.count()).toBe(4);
  expect(await rows.nth(1).textContent()).toMatch(/Notes from the studio.*Draft/);
  await shot(page, 'posts-admin-list-1280');

  // ---- the audit log: the editor's Publish and Unpublish, each named for what it did --------------------
  const unpublished = await auditRow(page, 'post.unpublish', adminEmail);
  const published = await auditRow(page, 'post.publish', adminEmail);
  expect(await published.getByText('Published post').isVisible()).toBe(true);
  expect(await auditChangesOf(published)).toEqual(expect.arrayContaining(['status: draft → published']));
  expect(await auditTargetOf(published, postId)).toBe(postId);
  expect(await auditChangesOf(unpublished)).toEqual(['status: published → draft']);
  expect(await auditTargetOf(unpublished, postId)).toBe(postId);
  await shot(page, 'posts-audit-1280');

  for (const person of [admin, visitor, phone, phoneAdmin]) await person.context.close();
});
