import { formatTokens, formatUsd, hundredthsToTokens } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import type { NotificationsRepository } from './notifications.repository';
import type { Notifier } from './notifier.service';

export const MODEL_APPROVED_TEXT = 'Your profile was approved. Members can now find you, message you and call you.';

type TriggerDeps = {
  events: EventBus;
  presence: Pick<Presence, 'onlineAmong'>;
  repo: Pick<NotificationsRepository, 'findMember'>;
  notifier: Notifier;
};

/**
 * What each domain event tells whom. Every notification names its cause in `sourceKey`, so an
 * event handled twice still notifies once. Returns the unsubscribe function.
 */
export function subscribeNotificationTriggers(deps: TriggerDeps) {
  const subscriptions = [...memberActivityTriggers(deps), ...moneyTriggers(deps), ...reviewTriggers(deps)];
  return () => subscriptions.forEach((unsubscribe) => unsubscribe());
}

/** Other members reaching out: a message while away, a contact added, a missed call. */
function memberActivityTriggers({ events, presence, repo, notifier }: TriggerDeps) {
  return [
    events.subscribe('message.created', async ({ messageId, conversationId, senderId, recipientId }) => {
      // A member with a tab open sees the message arrive; only an away one needs telling.
      if ((await presence.onlineAmong([recipientId])).size > 0) return;
      const sender = await repo.findMember(senderId);
      if (!sender) return;
      await notifier.notify({
        userId: recipientId,
        type: 'message',
        text: `${sender.name} sent you a message`,
        link: `/messages/${conversationId}`,
        actorId: sender.id,
        // One per conversation until read: the notifier skips it while one for this link is unread.
        sourceKey: `message:${messageId}`,
      });
    }),

    events.subscribe('contact.added', async ({ contactId, ownerId, contactUserId }) => {
      const owner = await repo.findMember(ownerId);
      if (!owner) return;
      await notifier.notify({
        userId: contactUserId,
        type: 'contact',
        text: `${owner.name} added you to their contacts`,
        link: owner.type === 'model' ? `/models/${owner.username}` : null,
        actorId: owner.id,
        sourceKey: `contact:${contactId}`,
      });
    }),

    events.subscribe('call.missed', async ({ callId, callerId, modelId }) => {
      const caller = await repo.findMember(callerId);
      if (!caller) return;
      await notifier.notify({
        userId: modelId,
        type: 'call',
        text: `You missed a call from ${caller.name}`,
        link: '/calls',
        actorId: caller.id,
        sourceKey: `call-missed:${callId}`,
      });
    }),
  ];
}

/** Tokens moving: tips and sales to a model, a member's card payment and refund, a model's payout. */
function moneyTriggers({ events, repo, notifier }: TriggerDeps) {
  return [
    events.subscribe('tip.created', async ({ transactionId, payerId, modelId, amount, note }) => {
      const payer = await repo.findMember(payerId);
      if (!payer) return;
      await notifier.notify({
        userId: modelId,
        type: 'tip',
        text: `${payer.name} tipped you ${formatTokens(hundredthsToTokens(amount))} tokens`,
        link: '/earnings',
        // The tipper's own words reach the model with the tip (docs/product.md#notifications).
        note: note.trim() ? note : null,
        actorId: payer.id,
        sourceKey: `tip:${transactionId}`,
      });
    }),

    events.subscribe('item.purchased', async ({ purchaseId, buyerId, modelId, name, price }) => {
      const buyer = await repo.findMember(buyerId);
      if (!buyer) return;
      await notifier.notify({
        userId: modelId,
        type: 'item_sold',
        text: `${buyer.name} bought ${name} for ${formatTokens(hundredthsToTokens(price))} tokens`,
        link: '/earnings',
        actorId: buyer.id,
        sourceKey: `item-sold:${purchaseId}`,
      });
    }),

    events.subscribe('payment.approved', async ({ paymentId, userId, tokens, packageName }) => {
      await notifier.notify({
        userId,
        type: 'token_purchase',
        text: `Your purchase of ${packageName} is complete: ${formatTokens(hundredthsToTokens(tokens))} tokens were added.`,
        link: '/invoices',
        actorId: null,
        sourceKey: `payment:${paymentId}`,
      });
    }),

    // The member hears of a refund from us, not only from her card statement (issue #28).
    events.subscribe('payment.refunded', async ({ paymentId, userId, packageName, amountCents, refundedCents, refundedTokens, whole }) => {
      const back = `${formatUsd(refundedCents)} goes back to your card and ${formatTokens(hundredthsToTokens(refundedTokens))} tokens were taken back.`;
      await notifier.notify({
        userId,
        type: 'refund',
        text: whole
          ? `Your purchase of ${packageName} (${formatUsd(amountCents)}) was refunded: ${back}`
          : `Part of your purchase of ${packageName} (${formatUsd(amountCents)}) was refunded: ${back}`,
        link: '/tokens/history',
        actorId: null,
        sourceKey: `refund:${paymentId}`,
      });
    }),

    // A payout's status changes reach its model (docs/product.md#payouts); her own request tells her nothing.
    events.subscribe('payout.changed', async ({ payoutRequestId, modelId, status, amount, amountCents, note, reference }) => {
      if (status === 'pending') return;
      const money = amountCents === null ? '' : ` (${formatUsd(amountCents)})`;
      const what = `Your payout request of ${formatTokens(hundredthsToTokens(amount))} tokens${money}`;
      await notifier.notify({
        userId: modelId,
        type: 'payout',
        text:
          status === 'rejected'
            ? note.trim()
              ? `${what} was rejected: ${note.trim()}`
              : `${what} was rejected.`
            : status === 'paid' && reference
              ? `${what} was paid. Reference: ${reference}`
              : `${what} was ${status}.`,
        link: '/payouts',
        actorId: null,
        sourceKey: `payout:${payoutRequestId}:${status}`,
      });
    }),
  ];
}

/** An administrator's review of a model's verification document. */
function reviewTriggers({ events, repo, notifier }: TriggerDeps) {
  return [
    events.subscribe('model.reviewed', async ({ userId, approved, reason }) => {
      const model = await repo.findMember(userId);
      if (!model) return;
      await notifier.notify({
        userId,
        type: approved ? 'model_approved' : 'model_refused',
        text: approved
          ? MODEL_APPROVED_TEXT
          : reason
            ? `Your verification document was refused: ${reason}`
            : 'Your verification document was refused.',
        link: '/account/verification',
        actorId: null,
        sourceKey: `model-review:${userId}:${approved ? 'approved' : 'refused'}:${reviewedAtOf(model.verificationDocument)}`,
      });
    }),
  ];
}

/**
 * Each review stamps the document; that stamp names the review, so every review notifies once.
 * (A document without one cannot come from a review; the time keeps such a notification unique.)
 */
function reviewedAtOf(document: unknown): string {
  const stamp = document && typeof document === 'object' ? (document as { reviewedAt?: unknown }).reviewedAt : undefined;
  return typeof stamp === 'string' ? stamp : new Date().toISOString();
}
