import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { Notification } from '@cc/contracts';
import type { TestApp } from '../../../test-support/harness';

export type { Client } from '../../../test-support/sockets';

/** GET one of the notification routes and return its data (expects 200). */
export async function get(app: TestApp, token: string, url: string) {
  const res = await app.request('GET', `/api/notifications${url}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Notification[]; count: number };
}

export const allOf = (app: TestApp, token: string) => get(app, token, '?limit=100');
export const unreadCountOf = async (app: TestApp, token: string) => (await get(app, token, '/unread/count')).count;

/** Waits until the member has `count` notifications (triggers run after the cause's commit), and returns them. */
export async function waitForNotifications(app: TestApp, token: string, count: number) {
  return vi.waitFor(
    async () => {
      const list = await allOf(app, token);
      expect(list.count).toBe(count);
      return list;
    },
    { timeout: 5000, interval: 20 },
  );
}

/**
 * Someone adds the member to their contacts, as the contacts module announces it: the simplest
 * cause of a notification, used to give a member some to list and read.
 */
export function contactAdded(app: TestApp, owner: { id: string }, member: { id: string }, contactId: string = randomUUID()) {
  app.ctx.events.publish('contact.added', { contactId, ownerId: owner.id, contactUserId: member.id });
  return contactId;
}

/** A socket.io client signed in as this member, once connected. */
export { connectSocket } from '../../../test-support/sockets';

/** Whether anyone has a socket open for this member, as the server counts it. */
export const isOnline = async (app: TestApp, userId: string) => (await app.ctx.presence.onlineAmong([userId])).has(userId);
