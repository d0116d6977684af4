import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../test-support/factories';
import { createTestApp, latestCode, type TestApp } from '../test-support/harness';

/**
 * A client written from the spec's list of calls alone: raw `fetch` over HTTP, JSON bodies with the
 * fields the spec names, token amounts in tokens — no contracts, no helpers of ours. If this passes,
 * a stranger's client works (docs/product.md#compatibility).
 */
let app: TestApp;
let base: string;

type Answer = { status: number; body: any };

async function call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

describe('a client written from the spec alone', () => {
  let member: string;
  let model: Awaited<ReturnType<typeof createModel>>;

  it('registers, confirms the e-mail and signs in', async () => {
    const account = { name: 'Spec Client', username: 'spec_client', email: 'spec@example.test', password: 'Sp3c!client', type: 'user' };
    expect((await call('POST', '/auth/register', { body: account })).status).toBe(201);
    const verifyCode = await latestCode(app, account.email);
    expect((await call('POST', '/auth/verify/code', { body: { email: account.email, verifyCode } })).status).toBe(200);

    const login = await call('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    expect(login.status).toBe(200);
    member = login.body.data.token;
    expect((await call('GET', '/users/me', { token: member })).body.data.balance).toBe(0);
  });

  it('buys a token package with { packageId, opaqueData } and reads the balance in tokens', async () => {
    const packages = (await call('GET', '/token-package', { token: member })).body.data.items;
    const starter = packages.find((p: { name: string }) => p.name === 'Starter');
    expect(starter.tokens).toBe(100);

    // What Accept.js (here our sandbox script, same calling shape) does in the browser.
    const accept = (await call('POST', '/payment/authorizenet/token', { token: member })).body.data;
    const tokenized = await call('POST', '/payment/sandbox/tokenize', {
      body: {
        authData: { clientKey: accept.clientKey, apiLoginID: accept.apiLoginId },
        cardData: { cardNumber: '4111111111111111', month: '12', year: '2035', cardCode: '123' },
      },
    });
    const { opaqueData } = tokenized.body.data;

    const bought = await call('POST', '/payment/transactions/request', { token: member, body: { packageId: starter._id, opaqueData } });
    expect(bought.status).toBeLessThan(300);
    expect((await call('GET', '/users/me', { token: member })).body.data.balance).toBe(100);
  });

  it('lets a model set tokenPerMessage to 1.5 tokens, and refuses 12.345 naming the field', async () => {
    model = await createModel(app);
    const set = await call('PUT', '/users/token-per-message', { token: model.token, body: { token: 1.5 } });
    expect(set.status).toBe(200);
    expect(set.body.data.tokenPerMessage).toBe(1.5);

    const refused = await call('PUT', '/users/token-per-message', { token: model.token, body: { token: 12.345 } });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toContain('token');
    expect(Object.keys(refused.body.details.fields)).toEqual(['token']);
    expect((await call('GET', `/users/findByUsername/${model.user.username}`, { token: member })).body.data.tokenPerMessage).toBe(1.5);
  });

  it('sends a paid message with only { conversationId, type, text }: it costs exactly 1.5 tokens', async () => {
    const conversation = await call('POST', '/conversation', { token: member, body: { userId: model.user.id } });
    expect(conversation.status).toBeLessThan(300);
    const sent = await call('POST', '/messages', {
      token: member,
      body: { conversationId: conversation.body.data._id, type: 'text', text: 'Hello from the spec' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.text).toBe('Hello from the spec');
    expect((await call('GET', '/users/me', { token: member })).body.data.balance).toBe(98.5);
  });

  it('tips with { modelId, token }, and refuses 12.345 naming the field', async () => {
    const tipped = await call('POST', '/share-love/create', { token: member, body: { modelId: model.user.id, token: 2.5 } });
    expect(tipped.status).toBe(201);
    expect(tipped.body.data.balance).toBe(96);

    const refused = await call('POST', '/share-love/create', { token: member, body: { modelId: model.user.id, token: 12.345 } });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.details.fields)).toEqual(['token']);
    expect((await call('GET', '/users/me', { token: member })).body.data.balance).toBe(96);
  });

  it('uploads a verification document as FormData with the file appended before its fields', async () => {
    const newcomer = await createModel(app, { modelStatus: 'none' });
    // Large enough (megabytes) to arrive in many chunks, so the fields really come after the file.
    const scan = await sharp({
      create: { width: 1200, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(scan.length).toBeGreaterThan(1_000_000);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(scan)], { type: 'image/jpeg' }), 'passport.jpg');
    form.append('legalName', 'Jane Q. Example');
    form.append('birthDate', '1990-04-01');
    const response = await fetch(`${base}/api/users/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${newcomer.token}` },
      body: form,
    });
    const answer = (await response.json()) as any;
    expect(response.status).toBe(200);
    expect(answer.data.modelStatus).toBe('pending');
    expect(answer.data.verificationDocument).toMatchObject({ legalName: 'Jane Q. Example', birthDate: '1990-04-01' });
  });
});
