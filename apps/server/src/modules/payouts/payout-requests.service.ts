import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  formatTokens,
  formatUsd,
  hundredthsToTokens,
  PayoutErrorCode,
  payoutCents,
  type List,
  type PayoutRequest,
} from '@cc/contracts';
import type { Db } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { CodeService } from '../accounts';
import type { SettingsService } from '../system';
import { MAX_AMOUNT, type Ledger } from '../wallet';
import { assertModel } from './payout-accounts.service';
import { toRequestDto } from './payouts.presenter';
import type { AccountSnapshot, PayoutsRepository } from './payouts.repository';

type Model = { id: string; type: string; modelStatus: string; email: string; username: string };
export type NewRequestInput = { token: number; verifyCode: string; email?: string | undefined };

const tokensText = (hundredths: number) => formatTokens(hundredthsToTokens(hundredths));
/** A 422 on `token`, the field the model typed, with the sentence in `msg` and in `details.fields`. */
const onToken = (code: string, msg: string) => new AppError(422, code, msg, { fields: { token: msg } });
const overBalance = (balance: number) =>
  onToken(ErrorCode.VALIDATION_FAILED, `You have ${tokensText(balance)} tokens, so you cannot request more than that.`);

/**
 * A model's payout requests (docs/product.md#payouts). Asking checks everything that can be checked
 * without writing, then uses the account code (outside any transaction, so a wrong try counts), then
 * writes the request and takes the tokens out of the balance in one transaction.
 */
export function createPayoutRequestsService(deps: RequestsDeps) {
  const { db, repo, ledger, events } = deps;

  async function request({ user, input }: { user: Model; input: NewRequestInput }): Promise<PayoutRequest> {
    const { account, payoutRateCents } = await checkBeforeAsking(deps, user, input);

    await deps.codes.consume({ userId: user.id, purpose: 'account', code: input.verifyCode });

    const id = randomUUID();
    // The request keeps where this payout goes, whatever the model changes later.
    const snapshot: AccountSnapshot =
      account.method === 'paypal' ? { method: 'paypal', details: account.details } : { method: 'bank_transfer', details: account.details };
    const created = await db
      .transaction(async (tx) => {
        const hold = await ledger.holdPayout(
          {
            userId: user.id,
            amount: input.token,
            idempotencyKey: `payout:${id}:hold`,
            memo: `Payout request of ${tokensText(input.token)} tokens`,
            metadata: { payoutRequestId: id },
          },
          tx,
        );
        return repo.insertRequest(
          {
            id,
            modelId: user.id,
            amount: input.token,
            // The rate of this moment is the request's for good: a later change never alters what was promised.
            amountCents: payoutCents(input.token, payoutRateCents),
            payoutRateCents,
            status: 'pending',
            account: snapshot,
            transactionId: hold.transactionId,
          },
          tx,
        );
      })
      .catch(async (error: unknown) => {
        // Another request of hers spent the tokens meanwhile: the guard refused, nothing was written.
        if (error instanceof AppError && error.code === ErrorCode.INSUFFICIENT_TOKENS) throw overBalance(await ledger.balanceOf(user.id));
        throw error;
      });

    ledger.announce([user.id]);
    events.publish('payout.changed', {
      payoutRequestId: id,
      modelId: user.id,
      status: 'pending',
      amount: created.amount,
      amountCents: created.amountCents,
      note: '',
      reference: '',
    });
    return toRequestDto({ request: created, model: await repo.modelOf(user.id) });
  }

  async function listMine({ user, page }: { user: Model; page: { limit: number; skip: number } }): Promise<List<PayoutRequest>> {
    assertModel(user, 'Only models have payout requests.');
    const { rows, count } = await repo.listOfModel(user.id, page);
    return { items: rows.map((view) => toRequestDto(view)), count };
  }

  return { request, listMine };
}

export type PayoutRequestsService = ReturnType<typeof createPayoutRequestsService>;

type RequestsDeps = {
  db: Db;
  repo: PayoutsRepository;
  ledger: Pick<Ledger, 'holdPayout' | 'balanceOf' | 'announce'>;
  settings: Pick<SettingsService, 'getAll'>;
  codes: Pick<CodeService, 'consume'>;
  events: EventBus;
};

/** Everything that can be refused before the code is used: who asks, their account, the amount and the address. */
async function checkBeforeAsking({ repo, ledger, settings }: RequestsDeps, user: Model, input: NewRequestInput) {
  assertModel(user, 'Only models can request payouts.');
  if (user.modelStatus !== 'approved')
    throw forbidden('Your profile must be approved before you can request a payout.', ErrorCode.NOT_A_MODEL);
  const account = await repo.findAccount(user.id);
  if (!account)
    throw conflict('Add a payout account (bank transfer or PayPal) before you request a payout.', PayoutErrorCode.NO_PAYOUT_ACCOUNT);
  const { minPayoutTokens: minimum, payoutRateCents } = await settings.getAll();
  if (input.token < minimum) {
    const money = formatUsd(payoutCents(minimum, payoutRateCents));
    throw onToken(PayoutErrorCode.BELOW_MINIMUM, `The smallest payout is ${tokensText(minimum)} tokens (${money}).`);
  }
  if (input.token > MAX_AMOUNT) throw onToken(ErrorCode.VALIDATION_FAILED, `A payout is at most ${tokensText(MAX_AMOUNT)} tokens.`);
  const balance = await ledger.balanceOf(user.id);
  if (input.token > balance) throw overBalance(balance);
  const email = input.email?.trim().toLowerCase();
  if (email && email !== user.email.toLowerCase()) {
    const msg = 'That is not the e-mail address of your account.';
    throw badRequest(msg, { fields: { email: msg } });
  }
  return { account, payoutRateCents };
}
