import { randomUUID } from 'node:crypto';
import { ErrorCode, type ShareLoveResult } from '@cc/contracts';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Ledger } from './ledger.service';
import type { MemberLookup } from '../accounts';

type Payer = { id: string; username: string };
export type TipInput = { modelId: string; amount: number; note?: string | undefined; idempotencyKey?: string | undefined };

/** Tips ("share love"): a member gives tokens to an approved model; the site keeps its commission. */
export function createTipsService({
  ledger,
  members,
  events,
}: {
  ledger: Ledger;
  members: Pick<MemberLookup, 'findPayee'>;
  events: EventBus;
}) {
  async function send({ payer, input }: { payer: Payer; input: TipInput }): Promise<ShareLoveResult> {
    if (input.modelId === payer.id) throw badRequest('You cannot send a tip to yourself.');
    const model = await members.findPayee(input.modelId);
    // Only someone other members can find may be tipped: active, confirmed, not staff.
    if (!model || model.status !== 'active' || !model.emailVerifiedAt || model.role !== 'user') throw notFound('That model was not found.');
    if (model.type !== 'model') throw new AppError(422, ErrorCode.NOT_A_MODEL, 'Tips can only go to models.');
    if (model.modelStatus !== 'approved')
      throw new AppError(422, ErrorCode.NOT_A_MODEL, 'This model is not approved yet, so they cannot receive tips.');

    const note = input.note ?? '';
    // The key is the member's own: another member sending the same key starts their own tip. Without
    // one (a client written from the spec), every request is a new tip.
    const key = input.idempotencyKey ?? randomUUID();
    const result = await ledger.transferWithCommission({
      payerId: payer.id,
      modelId: model.id,
      gross: input.amount,
      source: 'tip',
      idempotencyKey: `tip:${payer.id}:${key}`,
      memo: `Tip from @${payer.username} to @${model.username}`,
      // What was asked: the key repeated with another recipient or amount is refused (docs/product.md#idempotency).
      metadata: { note, request: `tip ${model.id} ${input.amount}` },
    });
    // The ledger already announced the new balances after its commit; a replay tells no one twice.
    if (!result.replayed) {
      events.publish('tip.created', {
        transactionId: result.transactionId,
        payerId: payer.id,
        modelId: model.id,
        amount: input.amount,
        net: result.net,
        note,
      });
    }
    const balance = result.balances[payer.id] ?? (await ledger.balanceOf(payer.id));
    return { transactionId: result.transactionId, balance };
  }

  return { send };
}

export type TipsService = ReturnType<typeof createTipsService>;
