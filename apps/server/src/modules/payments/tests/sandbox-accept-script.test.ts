import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_CARDS, type AcceptResponse, type AcceptSecureData } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { buy, moneyOf, SANDBOX_AUTH, starter } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type AcceptGlobal = { Accept: { dispatchData: (secureData: AcceptSecureData, handler: (response: AcceptResponse) => void) => void } };

/** Loads the served script the way a page does, with fetch going to our app. */
async function loadSandboxAccept(): Promise<AcceptGlobal['Accept']> {
  const { token } = await createMember(app);
  const config = await app.request('POST', '/api/payment/authorizenet/token', { token });
  expect(config.body.data).toEqual({
    provider: 'sandbox',
    scriptUrl: '/api/payment/sandbox/accept.js',
    apiLoginId: 'sandbox',
    clientKey: SANDBOX_AUTH.clientKey,
  });

  const script = await app.app.inject({ method: 'GET', url: config.body.data.scriptUrl });
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toContain('application/javascript');

  const fetch = async (url: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    const res = await app.app.inject({ method: init.method as 'POST', url, headers: init.headers, payload: init.body });
    return { ok: res.statusCode < 300, json: async () => JSON.parse(res.body) as unknown };
  };
  const window = {} as AcceptGlobal;
  vm.runInNewContext(script.body, { window, fetch, setTimeout });
  return window.Accept;
}

const dispatch = (accept: AcceptGlobal['Accept'], secureData: AcceptSecureData) =>
  new Promise<AcceptResponse>((resolve) => accept.dispatchData(secureData, resolve));

it('turns a card into a nonce with Accept.js’s calling shape, and the nonce buys a package', async () => {
  const accept = await loadSandboxAccept();
  const response = await dispatch(accept, {
    authData: SANDBOX_AUTH,
    cardData: { cardNumber: '4111 1111 1111 1111', month: '12', year: '2031', cardCode: '123' },
  });
  expect(response.messages).toEqual({ resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] });
  expect(response.opaqueData).toEqual({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: expect.any(String) });
  expect(response.opaqueData!.dataValue).not.toContain('4111111111111111');

  const { user, token } = await createMember(app);
  const pkg = await starter(app);
  expect((await buy(app, token, { packageId: pkg._id, payment: { kind: 'card', opaqueData: response.opaqueData! } })).status).toBe(200);
  expect((await moneyOf(app, user.id)).balance).toBe(pkg.tokens);
});

it('answers bad cards with Accept.js’s error codes', async () => {
  const accept = await loadSandboxAccept();
  const cases: [AcceptSecureData['cardData'], string][] = [
    [{ cardNumber: '4111111111111112', month: '12', year: '2031', cardCode: '123' }, 'E_WC_05'],
    [{ cardNumber: SANDBOX_CARDS.approved, month: '13', year: '2031', cardCode: '123' }, 'E_WC_06'],
    [{ cardNumber: SANDBOX_CARDS.approved, month: '12', year: '31x', cardCode: '123' }, 'E_WC_07'],
    [{ cardNumber: SANDBOX_CARDS.approved, month: '01', year: '2020', cardCode: '123' }, 'E_WC_08'],
    [{ cardNumber: SANDBOX_CARDS.approved, month: '12', year: '2031', cardCode: '12' }, 'E_WC_15'],
  ];
  for (const [cardData, code] of cases) {
    const response = await dispatch(accept, { authData: SANDBOX_AUTH, cardData });
    expect(response.messages.resultCode).toBe('Error');
    expect(response.messages.message[0]!.code).toBe(code);
    expect(response.opaqueData).toBeUndefined();
  }
  const wrongKey = await dispatch(accept, { authData: { ...SANDBOX_AUTH, clientKey: 'nope' }, cardData: cases[0]![0] });
  expect(wrongKey.messages.message[0]!.code).toBe('E_WC_21');
});

it('the tokenizer answers 422 naming the field, for callers other than the script', async () => {
  const res = await app.request('POST', '/api/payment/sandbox/tokenize', {
    body: { authData: SANDBOX_AUTH, cardData: { cardNumber: '1234', month: '12', year: '2031' } },
  });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    code: 'VALIDATION_FAILED',
    msg: 'Please provide valid credit card number.',
    message: 'Please provide valid credit card number.',
    details: { fields: { 'cardData.cardNumber': 'Please provide valid credit card number.' }, acceptCode: 'E_WC_05' },
  });
  expect((await app.request('POST', '/api/payment/sandbox/tokenize', { body: { cardData: {} } })).status).toBe(422);
});
