import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../../db/schema';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  // Several sends from one address here: the per-address limit itself is tested on its own app below.
  app = await createTestApp({ config: { adminEmail: 'owner@example.test', rateLimitScale: 10 } });
});
afterAll(() => app.close());

const form = { name: 'Curious <b>Visitor</b>', email: 'Visitor@Example.test', message: 'How do I become a model here?' };

it('mails ADMIN_EMAIL when no contact address is set, with the sender’s address to reply to', async () => {
  const res = await app.request('POST', '/api/contact-us', { body: form });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ok: true, message: 'Thank you. Your message has been sent.' });
  const mail = (await app.outbox()).filter((m) => m.template === 'contact-us').at(-1)!;
  expect(mail.to).toBe('owner@example.test');
  expect(mail.text).toContain('visitor@example.test');
  expect(mail.text).toContain(form.message);
  expect(mail.html).toContain('Curious &lt;b&gt;Visitor&lt;/b&gt;'); // what visitors write is text
});

it('prefers the contact e-mail from the site settings', async () => {
  await app.ctx.settings.update({ contactEmail: 'support@example.test' });
  await app.request('POST', '/api/contact-us', { body: form });
  expect((await app.outbox()).filter((m) => m.template === 'contact-us').at(-1)!.to).toBe('support@example.test');
});

it('refuses a short message with a clear reason', async () => {
  const res = await app.request('POST', '/api/contact-us', { body: { ...form, message: 'hi' } });
  expect(res.status).toBe(422);
  expect(res.body.msg).toBe('message: Message must be at least 10 characters');
});

it('falls back to the first administrator and limits senders to 3 per 10 minutes', async () => {
  const other = await createTestApp();
  try {
    const ok = await other.request('POST', '/api/contact-us', { body: form });
    expect(ok.status).toBe(200);
    expect((await other.outbox()).filter((m) => m.template === 'contact-us').at(-1)!.to).toMatch(/^admin@/);
    await other.request('POST', '/api/contact-us', { body: form });
    await other.request('POST', '/api/contact-us', { body: form });
    const fourth = await other.request('POST', '/api/contact-us', { body: form });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('RATE_LIMITED');
  } finally {
    await other.close();
  }
});

/** The stored messages, newest first, straight from the table. */
const stored = () => app.ctx.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
const contactMails = async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'contact-us'))).length;

it('keeps a visitor’s message for the administrators, with no account attached', async () => {
  const message = 'Do you ship the printed photo sets abroad?';
  const res = await app.request('POST', '/api/contact-us', { body: { ...form, message } });
  expect(res.status).toBe(200);
  const [row] = await stored();
  expect(row).toMatchObject({ name: 'Curious <b>Visitor</b>', email: 'visitor@example.test', message, userId: null, handledAt: null });
});

it('keeps the signed-in sender’s account with the message', async () => {
  const member = await createMember(app);
  const res = await app.request('POST', '/api/contact-us', {
    token: member.token,
    body: { ...form, message: 'My payout has been pending for a week.' },
  });
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ok: true, message: 'Thank you. Your message has been sent.' });
  const [row] = await stored();
  expect(row).toMatchObject({ message: 'My payout has been pending for a week.', userId: member.user.id });
});

it('treats an invalid session as a visitor rather than refusing the form', async () => {
  const res = await app.request('POST', '/api/contact-us', {
    token: 'not-a-real-token',
    body: { ...form, message: 'Sent with a stale session.' },
  });
  expect(res.status).toBe(200);
  expect((await stored())[0]).toMatchObject({ message: 'Sent with a stale session.', userId: null });
});

it('stores markup exactly as typed: it is text, never run', async () => {
  const message = '<script>alert("hi")</script> & <img src=x onerror=alert(1)>';
  expect((await app.request('POST', '/api/contact-us', { body: { ...form, message } })).status).toBe(200);
  expect((await stored())[0]!.message).toBe(message);
});

it('refuses NUL characters with a 422 naming the field, and keeps and mails nothing', async () => {
  const before = { rows: (await stored()).length, mails: await contactMails() };
  const inMessage = await app.request('POST', '/api/contact-us', { body: { ...form, message: 'Hello there\u0000 team' } });
  expect(inMessage.status).toBe(422);
  expect(inMessage.body.msg).toBe('message: Message cannot contain NUL characters');
  const inName = await app.request('POST', '/api/contact-us', { body: { ...form, name: 'Ann\u0000' } });
  expect(inName.status).toBe(422);
  expect(inName.body.msg).toBe('name: Name cannot contain NUL characters');
  expect((await stored()).length).toBe(before.rows);
  expect(await contactMails()).toBe(before.mails);
});
