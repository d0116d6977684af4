import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { makeImage, mediaRowsOf, upload } from './helpers';

let app: TestApp;
beforeAll(async () => {
  // 60 uploads a minute, scaled down to 3 so the test stays small.
  app = await createTestApp({ config: { rateLimitScale: 0.05 } });
});
afterAll(() => app.close());

it('slows down a member who uploads too fast, without slowing down others', async () => {
  const busy = await createMember(app);
  const png = await makeImage('png', 10, 10);
  const send = (token: string) => upload(app, '/api/media/photos', { name: 'p.png', type: 'image/png', content: png }, { token });

  for (let i = 0; i < 3; i += 1) expect((await send(busy.token)).status).toBe(201);
  const refused = await send(busy.token);
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('RATE_LIMITED');
  expect(await mediaRowsOf(app, busy.user.id)).toHaveLength(3);

  const other = await createMember(app);
  expect((await send(other.token)).status).toBe(201);
});
