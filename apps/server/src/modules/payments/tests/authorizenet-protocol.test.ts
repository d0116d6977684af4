import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config/config';
import { createAuthorizeNetClient, parseResponse } from '../../../providers/payments/authorizenet/client';
import { createTransaction } from '../../../providers/payments/authorizenet/requests';
import { ProviderUnreachableError } from '../../../providers/payments';
import { startFakeAuthorizeNet, FAKE_CARDS, type FakeAuthorizeNet } from '../../../test-support/fake-authorizenet';

let fake: FakeAuthorizeNet;
beforeAll(async () => {
  fake = await startFakeAuthorizeNet({ timeoutMs: 300 });
});
afterAll(() => fake.close());

it('reads answers that start with a byte-order mark', () => {
  const parsed = parseResponse('\uFEFF{"messages":{"resultCode":"Ok","message":[{"code":"I00001","text":"Successful."}]}}', 'x');
  expect(parsed.messages.resultCode).toBe('Ok');
});

it('treats an unreadable answer as an unknown outcome', () => {
  expect(() => parseResponse('<html>502 Bad Gateway</html>', 'x')).toThrow(ProviderUnreachableError);
});

it('sends keys in schema order (the gateway refuses anything else with E00003)', async () => {
  const client = createAuthorizeNetClient(fake.config);
  const request = createTransaction({
    amountCents: 1234,
    reference: 'abcdef0123456789abcd',
    description: 'Test',
    source: { kind: 'nonce', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  const accepted = await client.call('createTransactionRequest', request);
  expect(accepted.messages.resultCode).toBe('Ok');

  // The same request with refId after transactionRequest is what a careless client would send.
  const { refId, ...rest } = createTransaction({
    amountCents: 1234,
    reference: 'x',
    description: 'y',
    source: { kind: 'nonce', opaqueData: fake.nonceFor(FAKE_CARDS.approved) },
  });
  const refused = await client.call('createTransactionRequest', { ...rest, refId });
  expect(refused.messages.resultCode).toBe('Error');
  expect(refused.messages.message[0]!.code).toBe('E00003');
  expect(refused.messages.message[0]!.text).toContain("invalid child element 'refId'");
});

it('times out into ProviderUnreachableError, never an answer', async () => {
  const client = createAuthorizeNetClient(fake.config);
  fake.hang('getUnsettledTransactionListRequest');
  const started = Date.now();
  await expect(client.call('getUnsettledTransactionListRequest', {})).rejects.toBeInstanceOf(ProviderUnreachableError);
  expect(Date.now() - started).toBeLessThan(2_000);
});

it('refuses wrong credentials without leaking them', async () => {
  const client = createAuthorizeNetClient({ ...fake.config, transactionKey: 'wrong-key' });
  const res = await client.call('getUnsettledTransactionListRequest', {});
  expect(res.messages.message[0]!.code).toBe('E00007');
  expect(JSON.stringify(res)).not.toContain('wrong-key');
});

it('an unreachable gateway is an unknown outcome', async () => {
  const client = createAuthorizeNetClient({ ...fake.config, endpoint: 'http://127.0.0.1:1/xml/v1/request.api' });
  await expect(client.call('getUnsettledTransactionListRequest', {})).rejects.toBeInstanceOf(ProviderUnreachableError);
});

it('PAYMENT_PROVIDER=authorizenet requires its keys at start-up', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-config-'));
  const env = { PAYMENT_PROVIDER: 'authorizenet', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };
  expect(() => loadConfig(env)).toThrow(ConfigError);
  try {
    loadConfig(env);
  } catch (error) {
    for (const key of [
      'AUTHORIZENET_API_LOGIN_ID',
      'AUTHORIZENET_TRANSACTION_KEY',
      'AUTHORIZENET_CLIENT_KEY',
      'AUTHORIZENET_SIGNATURE_KEY',
    ]) {
      expect((error as Error).message).toContain(key);
    }
  }
  const config = loadConfig({
    ...env,
    AUTHORIZENET_API_LOGIN_ID: 'login',
    AUTHORIZENET_TRANSACTION_KEY: 'key',
    AUTHORIZENET_CLIENT_KEY: 'client',
    AUTHORIZENET_SIGNATURE_KEY: 'sig',
  });
  expect(config.payments).toEqual({
    provider: 'authorizenet',
    authorizenet: {
      apiLoginId: 'login',
      transactionKey: 'key',
      clientKey: 'client',
      signatureKey: 'sig',
      endpoint: 'https://apitest.authorize.net/xml/v1/request.api',
      acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
      timeoutMs: 20_000,
    },
  });
  expect(loadConfig({ DATA_DIR: env.DATA_DIR, JWT_SECRET: env.JWT_SECRET }).payments).toEqual({ provider: 'sandbox' });
  rmSync(dataDir, { recursive: true, force: true });
});
