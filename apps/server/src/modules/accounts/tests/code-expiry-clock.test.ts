import { afterAll, beforeAll, expect, it } from 'vitest';
import { movableClock } from '../../../platform/clock';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAccountCodeService } from '..';

/** Mailed codes live ten minutes by the server's clock (platform/clock.ts), which this test moves. */
const clock = movableClock({ flowing: false });
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ build: { clock } });
});
afterAll(() => app?.close());

it('an account code works until its tenth minute and says it expired after', async () => {
  const codes = createAccountCodeService(app.ctx);
  const member = await createMember(app);

  const early = await codes.issue({ userId: member.user.id, purpose: 'account' });
  clock.advance(9 * 60_000 + 59_000);
  await expect(codes.consume({ userId: member.user.id, purpose: 'account', code: early })).resolves.toBeUndefined();

  const late = await codes.issue({ userId: member.user.id, purpose: 'account' });
  clock.advance(10 * 60_000);
  await expect(codes.consume({ userId: member.user.id, purpose: 'account', code: late })).rejects.toMatchObject({
    message: 'That code has expired. Ask for a new code.',
  });
  expect(await codes.pendingUntil({ userId: member.user.id, purpose: 'account' })).toBeNull();
});
