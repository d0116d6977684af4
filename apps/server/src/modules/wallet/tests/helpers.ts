import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test-support/harness';
import type { Ledger } from '../ledger.service';

/** The app's own ledger, the one the routes use. Its amounts are hundredths (1,000 = 10.00 tokens). */
export const ledgerOf = (app: TestApp): Ledger => app.ctx.ledger;

/** Gives a member tokens the way a card purchase does; `amount` in hundredths, as the ledger counts. */
export async function fund(app: TestApp, userId: string, amount: number) {
  return ledgerOf(app).creditCardPurchase({ userId, amount, idempotencyKey: `test-fund:${randomUUID()}`, memo: 'Test tokens' });
}

/** POST /api/share-love/create with a fresh key unless one is given; `amount` in tokens, as on the wire. */
export function tip(app: TestApp, token: string, body: { modelId: string; amount: number; note?: string; idempotencyKey?: string }) {
  return app.request('POST', '/api/share-love/create', { token, body: { idempotencyKey: randomUUID(), ...body } });
}
