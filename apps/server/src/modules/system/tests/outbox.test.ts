import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '../../../db/schema';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await createAdmin(app)).token;
  // Written straight to the table: enqueueing would wake the mail worker and race the assertions.
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  await app.ctx.db.insert(mailOutbox).values([
    {
      toAddress: 'old@example.test',
      subject: 'Welcome',
      textBody: 'Code 111111',
      template: 'welcome',
      status: 'sent',
      attempts: 1,
      sentAt: minutesAgo(29),
      createdAt: minutesAgo(30),
    },
    {
      toAddress: 'bounced@example.test',
      subject: 'Reset your password',
      textBody: 'Your code is 234234',
      htmlBody: '<b>234234</b>',
      template: 'reset-password',
      status: 'failed',
      attempts: 8,
      lastError: 'mailbox unavailable',
      createdAt: minutesAgo(20),
    },
    {
      toAddress: 'new@example.test',
      subject: 'Verify your e-mail',
      textBody: 'Your code is 481516',
      template: 'verify-email',
      createdAt: minutesAgo(1),
    },
  ]);
});
afterAll(() => app.close());

it('lists mail newest first with its delivery state, never its body', async () => {
  const res = await app.request('GET', '/api/admin/outbox', { token });
  expect(res.status).toBe(200);
  expect(res.body.data.count).toBe(3);
  expect(res.body.data.items.map((m: { to: string }) => m.to)).toEqual(['new@example.test', 'bounced@example.test', 'old@example.test']);
  expect(res.body.data.items[0]).toEqual({
    _id: expect.any(String),
    to: 'new@example.test',
    subject: 'Verify your e-mail',
    template: 'verify-email',
    status: 'pending',
    attempts: 0,
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    sentAt: null,
    lastError: null,
  });
  expect(res.body.data.items[1]).toMatchObject({ status: 'failed', attempts: 8, lastError: 'mailbox unavailable', sentAt: null });
  expect(res.body.data.items[2]).toMatchObject({ status: 'sent', sentAt: expect.stringMatching(/^\d{4}-/) });
  expect(JSON.stringify(res.body)).not.toMatch(/111111|234234|481516|textBody|htmlBody/);
});

it('pages with limit and skip while count stays the total', async () => {
  const page = await app.request('GET', '/api/admin/outbox?limit=1&skip=1', { token });
  expect(page.status).toBe(200);
  expect(page.body.data.count).toBe(3);
  expect(page.body.data.items.map((m: { to: string }) => m.to)).toEqual(['bounced@example.test']);
});
