import { describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { authRoutes, contactUsRoutes, directoryRoutes, healthRoutes, profileRoutes, systemRoutes } from '@cc/contracts';
import { createBaseQuery, type RequestArgs, type RequestOptions } from '../baseQuery';
import { errorMessage, GENERIC_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from '../apiError';
import { fakeApi, page } from '../../../../test/fakeApi';
import { buildMe } from '../../../../test/factories';

const queryApi = { signal: new AbortController().signal, dispatch: vi.fn(), getState: vi.fn() } as unknown as BaseQueryApi;

/** The base query over the fake API (it looks `fetch` up per call); the test says what the routes answer. */
function setup(token: string | null = null) {
  const api = fakeApi();
  const onUnauthorized = vi.fn();
  const query = createBaseQuery({ baseUrl: '/api', getToken: () => token, onUnauthorized });
  const call = (args: RequestArgs, options?: RequestOptions) => query(args, queryApi, options ?? {});
  return { call, api, onUnauthorized };
}

/** The body as it went to `fetch`, before the fake parsed it. */
const rawBody = (call = 0) => vi.mocked(fetch).mock.calls[call]![1]!.body;

describe('the API base query (docs/product.md#client-rules)', () => {
  it('drops empty GET parameters but keeps 0 and false', async () => {
    const { call, api } = setup();
    api.answer(directoryRoutes.search, page([]));
    await call({ url: '/users/search', params: { q: '', type: undefined, skip: 0, limit: null, online: false, sort: 'name' } });
    const [request] = api.requestsTo(directoryRoutes.search);
    expect(request!.path).toBe('/api/users/search');
    expect(request!.query.toString()).toBe('skip=0&online=false&sort=name');
  });

  it('sends the bearer token and JSON, and hands back what is inside the data envelope', async () => {
    const { call, api } = setup('jwt-123');
    api.answer(contactUsRoutes.send, { ok: true });
    const result = await call({ url: '/contact-us', method: 'POST', body: { name: 'Ada' } });
    expect(result).toEqual({ data: { ok: true } });
    const [request] = api.requestsTo(contactUsRoutes.send);
    expect(request!.headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(request!.headers.get('Content-Type')).toBe('application/json');
    expect(request!.body).toEqual({ name: 'Ada' });
    expect(rawBody()).toBe('{"name":"Ada"}');
  });

  it('sends no Authorization header without a token', async () => {
    const { call, api } = setup();
    api.answer(systemRoutes.publicConfig, { siteName: 'Velvet Lounge', siteFavicon: '' });
    await call('/system/configs/public');
    expect(api.requestsTo(systemRoutes.publicConfig)[0]!.headers.has('Authorization')).toBe(false);
  });

  it('lets the browser set the multipart content type for FormData', async () => {
    const { call, api } = setup('t');
    api.answer(profileRoutes.avatar, buildMe());
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await call({ url: '/users/avatar', method: 'POST', body: form });
    const [request] = api.requestsTo(profileRoutes.avatar);
    expect(request!.body).toBe(form);
    expect(request!.headers.has('Content-Type')).toBe(false);
  });

  it.each([204, 205])('treats a %i answer as having no body', async (status) => {
    const { call, api } = setup();
    api.answer(authRoutes.logout, () => new Response(null, { status }));
    expect(await call({ url: '/auth/logout', method: 'POST' })).toEqual({ data: null });
  });

  it('raises the parsed error body of a non-2xx answer', async () => {
    const fields = { email: 'Enter a valid e-mail address' };
    const { call, api, onUnauthorized } = setup();
    api.refuse(authRoutes.register, 422, 'Check the highlighted fields.', { code: 'VALIDATION_FAILED', fields });
    const result = await call({ url: '/auth/register', method: 'POST', body: {} });
    expect(result).toEqual({
      error: { status: 422, code: 'VALIDATION_FAILED', msg: 'Check the highlighted fields.', details: { fields } },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 and raises "Forbidden in the action!"', async () => {
    const { call, api, onUnauthorized } = setup('stale');
    api.refuse(profileRoutes.accountCodeStatus, 401, 'Please sign in to continue.', { code: 'UNAUTHENTICATED' });
    const result = await call('/users/otp/');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(result.error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', msg: UNAUTHORIZED_MESSAGE });
  });

  it('keeps a wrong-password 401 on the form instead of ending the session', async () => {
    const { call, api, onUnauthorized } = setup();
    api.refuse(authRoutes.login, 401, 'That e-mail and password do not match.', { code: 'INVALID_CREDENTIALS' });
    const result = await call({ url: '/auth/login', method: 'POST', body: {} });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 401, code: 'INVALID_CREDENTIALS', msg: 'That e-mail and password do not match.' });
  });

  it('leaves a 401 to the caller when the endpoint asks for it', async () => {
    const { call, api, onUnauthorized } = setup();
    api.refuse(profileRoutes.me, 401, 'Please sign in.', { code: 'UNAUTHENTICATED' });
    const result = await call('/users/me', { on401: 'return' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ status: 401, msg: 'Please sign in.' });
  });

  it('reports a network failure without a server message', async () => {
    const { call, api } = setup();
    api.offline(healthRoutes.check);
    const result = await call('/health');
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
