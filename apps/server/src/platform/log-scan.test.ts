import { expect, it } from 'vitest';
import { createMember } from '../test-support/factories';
import { createTestApp } from '../test-support/harness';

/**
 * Every test server's log is scanned for secrets (test-support/log-scan.ts) and closing it fails
 * with what was found, so one careless log line anywhere in the suite fails its test file.
 */
it('fails close() when a line holds a password hash, a token or a message the test sent', async () => {
  const app = await createTestApp();
  const member = await createMember(app);
  const other = await createMember(app);
  const conversation = await app.request('POST', '/api/conversation', { token: member.token, body: { userId: other.user.id } });
  const text = 'the spare key is under the blue flowerpot';
  const sent = await app.request('POST', '/api/messages', {
    token: member.token,
    body: { conversationId: conversation.body.data._id, type: 'text', text },
  });
  expect(sent.status).toBe(201);
  // Every request is in the scan (logged at debug), the message itself is not.
  expect(app.logScan.lines().some((line) => line.includes('"url":"/api/messages"'))).toBe(true);
  expect(app.logScan.findings()).toEqual([]);

  // Three careless lines, as a bug would write them.
  app.ctx.log.warn({ hash: member.user.passwordHash }, 'careless: a hash');
  app.ctx.log.warn({ bearer: member.token }, 'careless: a token');
  app.ctx.log.warn(`careless: ${text}`);

  const findings = app.logScan.findings();
  expect(findings).toHaveLength(3);
  expect(findings).toEqual([
    'an argon2 password hash in: the line at level 40, "careless: a hash"',
    'a signed token (JWT or card nonce) in: the line at level 40, "careless: a token"',
    `a value the test marked secret (the…, 41 characters) in: the line at level 40, "careless: ${text}"`,
  ]);
  await expect(app.close()).rejects.toThrow('Secrets reached the log (test-support/log-scan.ts)');
});

it('finds a mailed code once the test reads it, even in a line written before', async () => {
  const app = await createTestApp();
  const member = await createMember(app);
  const asked = await app.request('POST', '/api/users/otp/', { token: member.token });
  expect(asked.status).toBe(200);
  const mail = (await app.outbox()).find((m) => m.to === member.user.email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(app.logScan.findings()).toEqual([]);

  app.ctx.log.warn(`careless: code ${code}`);
  expect(app.logScan.findings()).toEqual([
    `a value the test marked secret (${code!.slice(0, 3)}…, 6 characters) in: the line at level 40, "careless: code ${code}"`,
  ]);
  await expect(app.close()).rejects.toThrow('Secrets reached the log');
});
