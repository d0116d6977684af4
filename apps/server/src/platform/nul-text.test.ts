import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * PostgreSQL text cannot hold the NUL character. Whatever route a NUL reaches — a message, a
 * profile, a search — the answer is a clear 422 and nothing is written, never a 500.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('refuses a NUL in any JSON string with 422, and writes nothing', async () => {
  const member = await createMember(app);
  const other = await createMember(app);
  const conversation = await app.request('POST', '/api/conversation', { token: member.token, body: { userId: other.user.id } });
  const sent = await app.request('POST', '/api/messages', {
    token: member.token,
    body: { conversationId: conversation.body.data._id, type: 'text', text: 'hello\u0000world' },
  });
  expect(sent.status).toBe(422);
  expect(sent.body).toMatchObject({
    code: 'VALIDATION_FAILED',
    msg: 'text: Text cannot contain the NUL character (\\u0000).',
    message: 'text: Text cannot contain the NUL character (\\u0000).',
    details: { fields: { text: 'Text cannot contain the NUL character (\\u0000).' } },
  });
  const history = await app.request('GET', `/api/messages/${conversation.body.data._id}`, { token: member.token });
  expect(history.body.data.count).toBe(0);

  const model = await createModel(app);
  const profile = await app.request('PUT', '/api/users/updateProfile', { token: model.token, body: { bio: 'nul\u0000here' } });
  expect(profile.status).toBe(422);
  expect(Object.keys(profile.body.details.fields)).toEqual(['bio']);
});

it('refuses a NUL in the query string with 422', async () => {
  const member = await createMember(app);
  const search = await app.request('GET', '/api/users/search?q=a%00b', { token: member.token });
  expect(search.status).toBe(422);
  expect(search.body).toMatchObject({
    code: 'VALIDATION_FAILED',
    details: { fields: { q: 'Text cannot contain the NUL character (\\u0000).' } },
  });
});

it('still accepts the six characters \\u0000 written as text', async () => {
  const member = await createMember(app);
  const other = await createMember(app);
  const conversation = await app.request('POST', '/api/conversation', { token: member.token, body: { userId: other.user.id } });
  const sent = await app.request('POST', '/api/messages', {
    token: member.token,
    body: { conversationId: conversation.body.data._id, type: 'text', text: 'type \\u0000 to mean NUL' },
  });
  expect(sent.status).toBe(201);
  expect(sent.body.data.text).toBe('type \\u0000 to mean NUL');
});

it('tells an escaped NUL from an escaped backslash followed by the letters u0000', async () => {
  const { jsonHasNul } = await import('./nul-text');
  // JSON.stringify writes what a client sends; JSON.parse says what the server would store.
  for (const value of ['\u0000', 'a\u0000', '\\\u0000', '\\\\\u0000x', '\u0000\\u0000']) {
    expect({ value, refused: jsonHasNul(JSON.stringify({ text: value })) }).toEqual({ value, refused: true });
  }
  for (const value of ['\\u0000', '\\\\u0000', 'u0000', '']) {
    expect({ value, refused: jsonHasNul(JSON.stringify({ text: value })) }).toEqual({ value, refused: false });
  }
});

it('refuses text that is not well-formed Unicode (a lone surrogate) with 422 naming the field, and keeps an emoji written as a pair', async () => {
  const member = await createMember(app);
  const raw = (bio: string) =>
    app.app.inject({
      method: 'PUT',
      url: '/api/users/updateProfile',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: `{"bio":"${bio}"}`,
    });
  const lone = await raw('caf\\u00e9 \\udfff');
  expect(lone.statusCode).toBe(422);
  expect(lone.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    details: { fields: { bio: 'Text must be valid Unicode: a lone surrogate (such as \\udfff) cannot be stored.' } },
  });
  expect((await app.request('GET', '/api/users/me', { token: member.token })).body.data.bio).toBe('');

  const pair = await raw('night owl \\ud83e\\udd89');
  expect(pair.statusCode).toBe(200);
  expect(pair.json().data.bio).toBe('night owl 🦉');
});
