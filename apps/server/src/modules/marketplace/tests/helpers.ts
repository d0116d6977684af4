import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { earnings, ledgerTransactions, purchaseItems, sellItems } from '../../../db/schema';
import { createMember, createModel, giveTokens } from '../../../test-support/factories';
import type { TestApp } from '../../../test-support/harness';
import { makeImage, samplePdf, sampleVideo, upload } from '../../media/tests/helpers';

export { fetchBytes, makeImage, samplePdf, sampleVideo } from '../../media/tests/helpers';
export type Member = Awaited<ReturnType<typeof createMember>>;

export type Kind = 'photo' | 'video' | 'file';
const UPLOADS: Record<Kind, { url: string; name: string; type: string; content: () => Promise<Buffer> }> = {
  photo: { url: '/api/media/photos', name: 'sunset.png', type: 'image/png', content: () => makeImage('png', 800, 600) },
  video: { url: '/api/media/videos', name: 'clip.mp4', type: 'video/mp4', content: async () => sampleVideo() },
  file: { url: '/api/media/files', name: 'guide.pdf', type: 'application/pdf', content: async () => samplePdf() },
};

/** Uploads a photo, video or file as this member; answers the media DTO and the exact bytes sent. */
export async function uploadMedia(app: TestApp, token: string, kind: Kind = 'photo') {
  const spec = UPLOADS[kind];
  const bytes = await spec.content();
  const res = await upload(app, spec.url, { name: spec.name, type: spec.type, content: bytes }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { media: res.body.data as { _id: string; url: string; thumbnailUrl: string | null }, bytes };
}

/** POST /api/sell-item; `price` in tokens as on the wire. */
export const createItem = (app: TestApp, token: string, body: Record<string, unknown>) =>
  app.request('POST', '/api/sell-item', { token, body });

/** An approved model with an item on sale: its media's bytes, the item as answered. */
export async function modelWithItem(app: TestApp, opts: { kind?: Kind; price?: number; name?: string } = {}) {
  const model = await createModel(app);
  const { media, bytes } = await uploadMedia(app, model.token, opts.kind ?? 'photo');
  const res = await createItem(app, model.token, { mediaId: media._id, name: opts.name ?? 'Sunset set', price: opts.price ?? 10 });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { model, media, bytes, item: res.body.data };
}

/** A member with `tokens` in the wallet. */
export async function buyerWith(app: TestApp, tokens: number) {
  const buyer = await createMember(app);
  if (tokens > 0) await giveTokens(app, buyer.user.id, tokens);
  return buyer;
}

/** POST /api/purchase-item. */
export const purchase = (app: TestApp, token: string, body: Record<string, unknown>) =>
  app.request('POST', '/api/purchase-item', { token, body });

/** A member's balance in tokens, as GET /users/me says it. */
export async function balanceOf(app: TestApp, token: string): Promise<number> {
  const res = await app.request('GET', '/api/users/me', { token });
  expect(res.status).toBe(200);
  return res.body.data.balance;
}

/**
 * What exists about this buyer's purchases: purchase rows, earning rows they paid for, and every
 * ledger transaction on the server (a refusal must add none).
 */
export async function writtenFor(app: TestApp, buyerId: string) {
  const purchases = await app.ctx.db.select().from(purchaseItems).where(eq(purchaseItems.buyerId, buyerId));
  const earned = await app.ctx.db.select().from(earnings).where(eq(earnings.payerId, buyerId));
  const [transactions] = await app.ctx.db.select({ n: count() }).from(ledgerTransactions);
  return { purchases: purchases.length, earnings: earned.length, transactions: transactions!.n };
}

export const sellItemRow = async (app: TestApp, id: string) => (await app.ctx.db.select().from(sellItems).where(eq(sellItems.id, id)))[0];

export async function expectLedgerClean(app: TestApp) {
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
}

export const freshKey = () => randomUUID();
