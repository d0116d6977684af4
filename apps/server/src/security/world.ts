import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { SANDBOX_CARDS } from '@cc/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { files } from '../db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../test-support/factories';
import type { TestApp, TestResponse } from '../test-support/harness';
import { makeImage, upload } from '../modules/media/tests/helpers';
import { sandboxNonce, starter } from '../modules/payments/tests/helpers';
import { contactAdded } from '../modules/notifications/tests/helpers';
import { freshCode } from '../modules/payouts/tests/helpers';

/**
 * A small world for the security suite: member A owns one resource of every kind, most of them
 * shared with a model (a conversation, a call, a purchase of her item); member B owns a little of
 * her own; an administrator wrote a draft post. Everything is made through the API where the API
 * makes it, so the rows look like real ones.
 */
export type Actor = Awaited<ReturnType<typeof createMember>>;

export type World = Awaited<ReturnType<typeof buildWorld>>;

const ok = (res: TestResponse, what: string) => {
  expect([200, 201], `${what}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body.data;
};

export async function buildWorld(app: TestApp) {
  /** Words only A's private things contain: found in an answer to someone else, they leak. */
  const secret = `secret-${randomBytes(6).toString('hex')}`;
  const memberA = await createMember(app);
  const memberB = await createMember(app);
  const model = await createModel(app, { callAvailable: true, callRate: 200, phoneNumber: '+14155550123' });
  const admin = await createAdmin(app);
  await giveTokens(app, memberA.user.id, 500);
  await giveTokens(app, memberB.user.id, 500);
  const cast: Cast = { app, secret, memberA, memberB, model };

  const { conversation, message, bookmark, contact, conversationB } = await talk(cast);
  const { media, item, purchase, call } = await shop(cast);
  const { card, invoice } = await buyTokens(cast);

  contactAdded(app, model.user, memberA.user);
  const notification = await firstNotification(app, memberA.token);

  const payout = await requestPayout(cast);
  const draftPost = ok(await post(app, admin, '/admin/posts', { title: `${secret} draft`, body: '<p>Not yet.</p>' }), 'draft post');
  const document = await storeDocument(cast);

  return {
    app,
    secret,
    memberA,
    memberB,
    model,
    admin,
    ids: {
      conversation: conversation._id as string,
      conversationB: conversationB._id as string,
      message: message._id as string,
      bookmark: bookmark._id as string,
      // A contact's `_id` is the other member's id (as the spec has it); its own row is `contactId`.
      contact: contact.contactId as string,
      media: media._id as string,
      item: item._id as string,
      purchase: purchase._id as string,
      call: call.callId as string,
      card: card._id as string,
      invoice: invoice._id,
      notification: notification._id,
      payout: payout._id as string,
      post: draftPost._id as string,
      document: document!.id,
    },
  };
}

/** Who the world is made of, for its steps. */
type Cast = { app: TestApp; secret: string; memberA: Actor; memberB: Actor; model: Actor };
const as = (actor: Actor) => ({ token: actor.token });
const post = (app: TestApp, actor: Actor, url: string, body?: unknown) => app.request('POST', `/api${url}`, { ...as(actor), body });

/** A's conversation with the model, a message in it, its bookmark, the contact; and B's own conversation. */
async function talk({ app, secret, memberA, memberB, model }: Cast) {
  const conversation = ok(await post(app, memberA, '/conversation', { userId: model.user.id }), 'conversation');
  const message = ok(
    await post(app, memberA, '/messages', {
      conversationId: conversation._id,
      clientId: randomUUID(),
      type: 'text',
      text: `${secret} message`,
    }),
    'message',
  );
  const bookmark = ok(await post(app, memberA, '/messages/bookmark', { messageId: message._id }), 'bookmark');
  const contact = ok(await post(app, memberA, '/contact', { userId: model.user.id }), 'contact');
  // B talks to the model too, so B has a conversation of her own to abuse A's things from.
  const conversationB = ok(await post(app, memberB, '/conversation', { userId: model.user.id }), 'conversation of B');
  return { conversation, message, bookmark, contact, conversationB };
}

/** A's photo, the model's item and A's purchase of it, and A's call to the model. */
async function shop({ app, secret, memberA, model }: Cast) {
  const png = await makeImage('png', 16, 16);
  const mediaA = await upload(app, '/api/media/photos', { name: `${secret}.png`, type: 'image/png', content: png }, as(memberA));
  expect(mediaA.status).toBe(201);
  const media = mediaA.body.data as { _id: string };
  const modelMedia = await upload(app, '/api/media/photos', { name: 'item.png', type: 'image/png', content: png }, as(model));
  const item = ok(await post(app, model, '/sell-item', { mediaId: modelMedia.body.data._id, name: 'Sunset set', price: 10 }), 'item');
  const purchase = ok(await post(app, memberA, '/purchase-item', { sellItemId: item._id }), 'purchase');

  const call = ok(await post(app, memberA, '/masked-call/initiate', { modelId: model.user.id }), 'call');
  return { media, item, purchase, call };
}

/** A's saved card, and the invoice of a token package bought with it. */
async function buyTokens({ app, memberA }: Cast) {
  const card = ok(
    await post(app, memberA, '/payment/authorizenet/customer-profile', { opaqueData: await sandboxNonce(app, SANDBOX_CARDS.approved) }),
    'card',
  );
  const pkg = await starter(app);
  ok(
    await post(app, memberA, '/payment/transactions/request', {
      packageId: pkg._id,
      idempotencyKey: randomUUID(),
      payment: { kind: 'saved', paymentMethodId: card._id },
    }),
    'token purchase',
  );
  const invoices = ok(await app.request('GET', '/api/invoice', as(memberA)), 'invoices');
  const invoice = invoices.items[0] as { _id: string };
  return { card, invoice };
}

async function requestPayout({ app, secret, model }: Cast) {
  // The model's payout: her account and a request, with the code the payout form asks for.
  ok(await post(app, model, '/payout-account/', { type: 'paypal', email: `${secret}@example.test` }), 'payout account');
  await giveTokens(app, model.user.id, 200);
  return ok(await post(app, model, '/payout-request', { token: 100, verifyCode: await freshCode(app, model.user.id) }), 'payout');
}

async function storeDocument({ app, secret, model }: Cast) {
  // The model's verification document: a private file only she and administrators may fetch.
  const pdf = Buffer.from(`%PDF-1.4\n% ${secret}\n%%EOF\n`);
  const stored = await app.ctx.storage.put(Readable.from([pdf]), { prefix: 'documents', extension: 'pdf' });
  const [document] = await app.ctx.db
    .insert(files)
    .values({
      ownerId: model.user.id,
      kind: 'document',
      visibility: 'private',
      storageKey: stored.key,
      fileName: 'passport.pdf',
      mimeType: 'application/pdf',
      size: stored.size,
    })
    .returning();
  return document;
}

/**
 * Every table's rows folded into one digest per table, so a test can say "nothing anywhere
 * changed" without naming columns. Sessions and the mail outbox are left out: reading with a token
 * may touch a session's last-seen time, and refusals do not mail.
 */
export async function tableDigests(app: TestApp): Promise<Record<string, string>> {
  const tables = await app.ctx.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = rowsOf<{ name: string }>(tables)
    .map((row) => row.name)
    .filter((name) => !['sessions', 'mail_outbox', '__drizzle_migrations'].includes(name));
  const select = names.map((name) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`);
  const result = await app.ctx.db.execute(sql.raw(`select ${select.join(', ')}`));
  return rowsOf<Record<string, string>>(result)[0]!;
}

/** The rows of a raw `execute`, typed by the caller. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The notification an event makes is written after the event returns: wait for it (up to 3 s). */
async function firstNotification(app: TestApp, token: string): Promise<{ _id: string }> {
  for (let tries = 0; tries < 60; tries += 1) {
    const items = (await app.request('GET', '/api/notifications', { token })).body.data.items as { _id: string }[];
    if (items[0]) return items[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no notification arrived');
}
