import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('documents every conversation and message route with its tag and bearer security', async () => {
  const res = await app.request('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  const paths = res.body.paths;
  const expected: [string, string, string][] = [
    ['/api/conversation', 'get', 'conversations'],
    ['/api/conversation', 'post', 'conversations'],
    ['/api/conversation/total-unread-message', 'get', 'conversations'],
    ['/api/conversation/{id}', 'delete', 'conversations'],
    ['/api/conversation/{id}/block', 'post', 'conversations'],
    ['/api/conversation/{id}/unblock', 'post', 'conversations'],
    ['/api/conversation/{id}/recipient', 'get', 'conversations'],
    ['/api/conversation/{id}/read', 'post', 'conversations'],
    ['/api/messages', 'post', 'messages'],
    ['/api/messages/{conversationId}', 'get', 'messages'],
    ['/api/messages/{id}', 'delete', 'messages'],
    ['/api/messages/latest', 'get', 'messages'],
    ['/api/messages/bookmark', 'post', 'messages'],
    ['/api/messages/bookmark/{id}', 'delete', 'messages'],
    ['/api/messages/bookmark/search', 'get', 'messages'],
  ];
  for (const [path, method, tag] of expected) {
    expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
    expect(paths[path][method].security).toEqual([{ bearer: [] }]);
  }
  expect(paths['/api/messages'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('clientId');
});
