import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contacts, notifications } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createMember, createModel } from '../test-support/factories';

// Issue #26: every list reads `take` (the page size) and `page` (from 1) beside `limit`/`skip`, as
// the xChat client sends them (docs/product.md, "On the wire").

vi.setConfig({ testTimeout: 60_000 });

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  const member = await createMember(app);
  token = member.token;
  for (let n = 0; n < 5; n++) {
    const model = await createModel(app);
    await app.ctx.db.insert(contacts).values({ ownerId: member.user.id, contactUserId: model.user.id });
    await app.ctx.db.insert(notifications).values({ userId: member.user.id, type: 'tip', text: `Tip ${n}`, sourceKey: `paging-test-${n}` });
  }
});
afterAll(() => app.close());

const ids = async (url: string) => {
  const res = await app.request('GET', url, { token });
  expect(res.status, url).toBe(200);
  return { ids: (res.body.data.items as { _id: string }[]).map((item) => item._id), count: res.body.data.count as number };
};

describe.each(['/api/notifications', '/api/contact'])('%s', (list) => {
  it('?page=2&take=2 is the same page as ?skip=2&limit=2; skip and limit win over page and take', async () => {
    const all = await ids(`${list}?limit=5`);
    expect(all.ids).toHaveLength(5);
    const second = await ids(`${list}?page=2&take=2`);
    expect(second).toEqual(await ids(`${list}?skip=2&limit=2`));
    expect(second.ids).toEqual(all.ids.slice(2, 4));
    expect((await ids(`${list}?page=3&take=2`)).ids).toEqual(all.ids.slice(4));
    expect((await ids(`${list}?page=2&take=2&skip=0`)).ids).toEqual(all.ids.slice(0, 2));
    expect((await ids(`${list}?take=2&limit=3`)).ids).toEqual(all.ids.slice(0, 3));
  });

  it('a take or page that is not a page is 422 naming it', async () => {
    for (const [query, field] of [
      ['take=101', 'take'],
      ['take=0', 'take'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
    ] as const) {
      const res = await app.request('GET', `${list}?${query}`, { token });
      expect(res.status, query).toBe(422);
      expect(res.body.details.fields, query).toHaveProperty(field);
    }
  });
});

it('call history and the member search page by page/take too', async () => {
  expect((await app.request('GET', '/api/masked-call/history?page=2&take=5', { token })).status).toBe(200);
  expect((await app.request('GET', '/api/masked-call/history?page=0', { token })).status).toBe(422);
  const all = await ids('/api/users/search?type=model&limit=5');
  expect(all.ids).toHaveLength(5);
  expect((await ids('/api/users/search?type=model&page=2&take=2')).ids).toEqual(all.ids.slice(2, 4));
});
