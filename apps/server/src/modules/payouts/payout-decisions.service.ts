import { formatTokens, hundredthsToTokens, PayoutErrorCode, type List, type PayoutRequest, type PayoutStatus } from '@cc/contracts';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Ledger } from '../wallet';
import { toRequestDto } from './payouts.presenter';
import type { PayoutRequestRow, PayoutsRepository, RequestPatch } from './payouts.repository';

export type Decision = 'approve' | 'pay' | 'reject';

/** Each status moves once (docs/product.md#payouts): pending → approved → paid, or pending → rejected. */
const MOVES: Record<Decision, { from: PayoutStatus; to: PayoutStatus; stamp: 'approvedAt' | 'paidAt' | 'rejectedAt' }> = {
  approve: { from: 'pending', to: 'approved', stamp: 'approvedAt' },
  pay: { from: 'approved', to: 'paid', stamp: 'paidAt' },
  reject: { from: 'pending', to: 'rejected', stamp: 'rejectedAt' },
};

/** A request as its audit rows show it; amounts in hundredths, as the ledger keeps them. */
const audited = (request: PayoutRequestRow) => ({
  status: request.status,
  note: request.note,
  reference: request.reference,
  approvedAt: request.approvedAt,
  paidAt: request.paidAt,
  rejectedAt: request.rejectedAt,
  settleTransactionId: request.settleTransactionId,
  refundTransactionId: request.refundTransactionId,
});

/**
 * Administrators' side of payouts. A decision is one transaction: the compare-and-set on the
 * request's status and its ledger movement commit together, so of two clicks at once exactly one
 * moves the request (and the tokens); the other is told what it is now (409).
 */
export function createPayoutDecisionsService(deps: DecisionsDeps) {
  const { db, repo, ledger, events, audit } = deps;
  const { refusal, move } = decisionSteps(deps);

  async function list({
    status,
    limit,
    skip,
  }: {
    status?: PayoutStatus | undefined;
    limit: number;
    skip: number;
  }): Promise<List<PayoutRequest>> {
    const { rows, count } = await repo.listByStatus(status, { limit, skip });
    return { items: rows.map((view) => toRequestDto(view, { forAdmin: true })), count };
  }

  /** The request moves, its tokens move and its audit row is written in one transaction; a refusal writes none of them. */
  async function decide(
    decision: Decision,
    actor: AdminActor,
    { id, note, reference }: { id: string; note?: string | undefined; reference?: string | undefined },
  ) {
    const { from, to, stamp } = MOVES[decision];
    // The note is the last decision's (a rejection's reason); a decision without one keeps the earlier note.
    const patch: RequestPatch = {
      status: to,
      [stamp]: new Date(),
      decidedBy: actor.id,
      ...(note !== undefined ? { note } : {}),
      ...(decision === 'pay' && reference ? { reference } : {}),
    };
    const { request, posted } = await db.transaction(async (tx) => {
      // Statuses only move forward, so when the compare-and-set below succeeds, this is the row it changed.
      const before = await repo.findRequest(id, tx);
      const moved = await repo.transition(id, from, patch, tx);
      if (!before || !moved) throw await refusal(id, decision, tx);
      const result = await move(decision, moved, actor.id, tx);
      const changed = changedFields(audited(before), audited(result.request));
      // The amount and its money do not change, but they are what the administrator decided on:
      // both sides show them (the audit page lists an unchanged field once, not as "a → a").
      const decidedOn = { amount: before.amount, amountCents: before.amountCents };
      await audit.record(
        actor,
        {
          action: `payout.${decision}`,
          target: { type: 'payout-request', id },
          before: { ...changed.before, ...decidedOn },
          after: { ...changed.after, ...decidedOn },
        },
        tx,
      );
      return result;
    });
    ledger.announce(posted);
    events.publish('payout.changed', {
      payoutRequestId: request.id,
      modelId: request.modelId,
      status: request.status,
      amount: request.amount,
      amountCents: request.amountCents,
      note: request.note,
      reference: request.reference,
    });
    return toRequestDto({ request, model: await repo.modelOf(request.modelId) }, { forAdmin: true });
  }

  return { list, decide };
}

export type PayoutDecisionsService = ReturnType<typeof createPayoutDecisionsService>;

type DecisionsDeps = {
  db: Db;
  repo: PayoutsRepository;
  ledger: Pick<Ledger, 'settlePayout' | 'releasePayout' | 'announce'>;
  events: EventBus;
  audit: AuditLog;
};

/** A decision's two steps inside its transaction: the refusal when nothing moved, and the tokens' movement when it did. */
function decisionSteps({ repo, ledger }: DecisionsDeps) {
  /** Why a compare-and-set found nothing to move: no such request (404), or its status now (409). */
  async function refusal(id: string, decision: Decision, tx: Tx) {
    const current = await repo.findRequest(id, tx);
    if (!current) return notFound('That payout request does not exist.');
    const msg =
      decision === 'pay' && current.status === 'pending'
        ? 'This payout request is still pending: approve it before marking it paid.'
        : `This payout request was already ${current.status}.`;
    return conflict(msg, PayoutErrorCode.PAYOUT_ALREADY_DECIDED);
  }

  /** The ledger movement a decision carries: paying settles the held tokens, rejecting gives them back. */
  async function move(decision: Decision, request: PayoutRequestRow, adminId: string, tx: Tx) {
    const base = { amount: request.amount, createdBy: adminId, metadata: { payoutRequestId: request.id } };
    const amount = formatTokens(hundredthsToTokens(request.amount));
    if (decision === 'pay') {
      const settled = await ledger.settlePayout(
        { ...base, idempotencyKey: `payout:${request.id}:settle`, memo: `Payout of ${amount} tokens paid` },
        tx,
      );
      return {
        request: await repo.linkTransaction(request.id, { settleTransactionId: settled.transactionId }, tx),
        posted: [settled],
      };
    }
    if (decision === 'reject') {
      const released = await ledger.releasePayout(
        { ...base, userId: request.modelId, idempotencyKey: `payout:${request.id}:release`, memo: `Payout of ${amount} tokens rejected` },
        tx,
      );
      return {
        request: await repo.linkTransaction(request.id, { refundTransactionId: released.transactionId }, tx),
        posted: [released],
      };
    }
    return { request, posted: [] };
  }

  return { refusal, move };
}
