import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('documents the wallet routes with their tags, inputs and answers', async () => {
  const paths = (await app.request('GET', '/api/docs/json')).body.paths;
  for (const [path, method] of [
    ['/api/wallet', 'get'],
    ['/api/wallet/entries', 'get'],
    ['/api/earning', 'get'],
    ['/api/share-love/create', 'post'],
    ['/api/admin/users/{id}/adjust-balance', 'post'],
    ['/api/admin/users/{id}/entries', 'get'],
    ['/api/admin/ledger/check', 'get'],
  ] as const) {
    expect(paths[path][method].tags).toContain('wallet');
    expect(paths[path][method].security).toEqual([{ bearer: [] }]);
  }
  const tip = paths['/api/share-love/create'].post;
  const tipBody = tip.requestBody.content['application/json'].schema;
  expect(Object.keys(tipBody.properties)).toEqual(['modelId', 'token', 'amount', 'note', 'idempotencyKey']);
  // A client written from the spec sends { modelId, token }: nothing else is required.
  expect(tipBody.required).toEqual(['modelId']);
  expect(tipBody.properties.token).toMatchObject({ type: 'number', multipleOf: 0.01, 'x-unit': 'tokens' });
  expect(tip.description).toContain('`token`');
  expect(tip.responses['201'].content['application/json'].schema.properties.data.properties).toHaveProperty('balance');
  expect(paths['/api/earning'].get.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty('totals');
});
