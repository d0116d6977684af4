import { describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createBaseQuery, type RequestArgs, type RequestOptions } from '../baseQuery';
import { errorMessage, GENERIC_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from '../apiError';
import { fakeServer } from '../../../../test/fakeServer';

const api = { signal: new AbortController().signal, dispatch: vi.fn(), getState: vi.fn() } as unknown as BaseQueryApi;

function setup(routes: Parameters<typeof fakeServer>[0], token: string | null = null) {
  const server = fakeServer(routes);
  const onUnauthorized = vi.fn();
  const query = createBaseQuery({ baseUrl: '/api', getToken: () => token, onUnauthorized, fetchFn: server.fetchFn });
  const call = (args: RequestArgs, options?: RequestOptions) => query(args, api, options ?? {});
  return { call, requests: server.requests, onUnauthorized };
}

describe('the API base query (docs/product.md#client-rules)', () => {
  it('drops empty GET parameters but keeps 0 and false', async () => {
    const { call, requests } = setup({ 'GET /api/users/search': { body: { data: { items: [], count: 0 } } } });
    await call({ url: '/users/search', params: { q: '', type: undefined, skip: 0, limit: null, online: false, sort: 'name' } });
    expect(requests[0]!.url).toBe('/api/users/search?skip=0&online=false&sort=name');
  });

  it('sends the bearer token and JSON, and hands back what is inside the data envelope', async () => {
    const { call, requests } = setup({ 'POST /api/contact-us': { body: { data: { ok: true } } } }, 'jwt-123');
    const result = await call({ url: '/contact-us', method: 'POST', body: { name: 'Ada' } });
    expect(result).toEqual({ data: { ok: true } });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]!.body).toBe('{"name":"Ada"}');
  });

  it('sends no Authorization header without a token', async () => {
    const { call, requests } = setup({ 'GET /api/system/configs/public': { body: { data: {} } } });
    await call('/system/configs/public');
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('lets the browser set the multipart content type for FormData', async () => {
    const { call, requests } = setup({ 'POST /api/users/avatar': { body: { data: {} } } }, 't');
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await call({ url: '/users/avatar', method: 'POST', body: form });
    expect(requests[0]!.body).toBe(form);
    expect(requests[0]!.headers.has('Content-Type')).toBe(false);
  });

  it.each([204, 205])('treats a %i answer as having no body', async (status) => {
    const { call } = setup({ 'POST /api/auth/logout': { status } });
    expect(await call({ url: '/auth/logout', method: 'POST' })).toEqual({ data: null });
  });

  it('raises the parsed error body of a non-2xx answer', async () => {
    const body = {
      code: 'VALIDATION_FAILED',
      msg: 'Check the highlighted fields.',
      details: { fields: { email: 'Enter a valid e-mail address' } },
    };
    const { call, onUnauthorized } = setup({ 'POST /api/auth/register': { status: 422, body } });
    const result = await call({ url: '/auth/register', method: 'POST', body: {} });
    expect(result).toEqual({ error: { status: 422, ...body } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 and raises "Forbidden in the action!"', async () => {
    const { call, onUnauthorized } = setup(
      { 'GET /api/users/otp/': { status: 401, body: { code: 'UNAUTHENTICATED', msg: 'Please sign in to continue.' } } },
      'stale',
    );
    const result = await call('/users/otp/');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(result.error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', msg: UNAUTHORIZED_MESSAGE });
  });

  it('keeps a wrong-password 401 on the form instead of ending the session', async () => {
    const body = { code: 'INVALID_CREDENTIALS', msg: 'That e-mail and password do not match.' };
    const { call, onUnauthorized } = setup({ 'POST /api/auth/login': { status: 401, body } });
    const result = await call({ url: '/auth/login', method: 'POST', body: {} });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 401, ...body });
  });

  it('leaves a 401 to the caller when the endpoint asks for it', async () => {
    const { call, onUnauthorized } = setup({
      'GET /api/users/me': { status: 401, body: { code: 'UNAUTHENTICATED', msg: 'Please sign in.' } },
    });
    const result = await call('/users/me', { on401: 'return' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, msg: 'Please sign in.' });
  });

  it('reports a network failure without a server message', async () => {
    const query = createBaseQuery({
      baseUrl: '/api',
      getToken: () => null,
      onUnauthorized: vi.fn(),
      fetchFn: vi.fn().mockRejectedValue(new TypeError('offline')),
    });
    const result = await query('/health', api, {});
    expect(result.error).toEqual({ status: 0, code: 'NETWORK_ERROR' });
    expect(errorMessage(result.error)).toBe(GENERIC_ERROR_MESSAGE);
  });
});

describe('errorMessage (the generic helper of docs/product.md#errors)', () => {
  it("shows the server's msg", () => {
    expect(errorMessage({ status: 409, code: 'EMAIL_TAKEN', msg: 'That e-mail is already registered.' })).toBe(
      'That e-mail is already registered.',
    );
  });

  it.each([undefined, null, { status: 500, code: 'HTTP_500' }, { message: 'Rejected' }, { status: 400, code: 'X', msg: '  ' }])(
    'falls back to the generic sentence for %j',
    (error) => {
      expect(errorMessage(error)).toBe('An error occurred, please try again!');
    },
  );
});
