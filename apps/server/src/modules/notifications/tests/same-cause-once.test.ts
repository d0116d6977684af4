import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createNotifierFor } from '..';
import { allOf, contactAdded, unreadCountOf, waitForNotifications } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('a cause notifies a member once, however often it is told', async () => {
  const member = await createMember(app);
  const notifier = createNotifierFor(app.ctx);
  const input = {
    userId: member.user.id,
    type: 'payout' as const,
    text: 'Your payout was sent.',
    link: null,
    actorId: null,
    sourceKey: `payout:${randomUUID()}`,
  };
  const answers = await Promise.all([notifier.notify(input), notifier.notify(input), notifier.notify(input)]);
  expect(answers.filter(Boolean)).toHaveLength(1);
  expect(await notifier.notify(input)).toBe(false);
  expect((await allOf(app, member.token)).count).toBe(1);
  expect(await unreadCountOf(app, member.token)).toBe(1);
});

it('a domain event delivered twice notifies once', async () => {
  const owner = await createMember(app);
  const member = await createMember(app);
  const contactId = randomUUID();
  contactAdded(app, owner.user, member.user, contactId);
  contactAdded(app, owner.user, member.user, contactId);
  await waitForNotifications(app, member.token, 1);
  // A different cause afterwards: by the time it shows, a duplicate would have shown too.
  contactAdded(app, owner.user, member.user);
  expect((await waitForNotifications(app, member.token, 2)).count).toBe(2);
  expect(await unreadCountOf(app, member.token)).toBe(2);
});
