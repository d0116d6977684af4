import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { publicUrl: 'https://chat.example.test' } });
});
afterAll(() => app.close());

const invite = (token: string, body: object) => app.request('POST', '/api/newsletter/invite', { token, body });

it('mails the invitation, naming the inviter and linking to registration', async () => {
  const { token } = await createMember(app, { name: 'Nora <b>Quinn</b>' });
  const res = await invite(token, { email: 'New.Friend@Example.test', name: 'Sam' });

  expect(res.status).toBe(200);
  expect(res.body.data).toEqual({ ok: true, message: 'Your invitation is on its way to new.friend@example.test.' });
  const mail = (await app.outbox()).find((m) => m.to === 'new.friend@example.test');
  expect(mail).toBeDefined();
  expect(mail!.template).toBe('invitation');
  expect(mail!.subject).toBe('Nora <b>Quinn</b> invited you to Creator Chat');
  expect(mail!.text).toContain('Hello Sam,');
  expect(mail!.text).toContain('Nora <b>Quinn</b>');
  expect(mail!.text).toContain('https://chat.example.test/auth/register');
  // The inviter's name is member-written text: shown, never rendered as markup.
  expect(mail!.html).toContain('Nora &lt;b&gt;Quinn&lt;/b&gt;');
  expect(mail!.html).not.toContain('<b>');
});

it('refuses to invite someone who already has an account, and mails nobody', async () => {
  const { token } = await createMember(app);
  const existing = await createMember(app);
  const before = (await app.outbox()).length;
  const res = await invite(token, { email: existing.user.email.toUpperCase() });

  expect(res.status).toBe(409);
  expect(res.body.msg).toBe('That person already has an account.');
  expect(await app.outbox()).toHaveLength(before);
});

it('allows ten invitations an hour per member, then answers 429', async () => {
  const busy = await createMember(app);
  for (let i = 0; i < 10; i += 1) expect((await invite(busy.token, { email: `guest-${i}@example.test` })).status).toBe(200);
  const refused = await invite(busy.token, { email: 'one-too-many@example.test' });
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('RATE_LIMITED');
  expect((await app.outbox()).some((m) => m.to === 'one-too-many@example.test')).toBe(false);

  const other = await createMember(app);
  expect((await invite(other.token, { email: 'someone-else@example.test' })).status).toBe(200);
});
