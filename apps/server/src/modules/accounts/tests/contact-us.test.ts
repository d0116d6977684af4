import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { adminEmail: 'owner@example.test' } });
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
