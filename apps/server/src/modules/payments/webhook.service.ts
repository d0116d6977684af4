import { ErrorCode } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError, badRequest } from '../../platform/errors';
import { dollarsToCents, type PaymentProvider, type TransactionResult } from '../../providers/payments';
import { OPEN_STATUSES, type PaymentRow, type PaymentsRepository } from './payments.repository';
import type { Settled, Settlement } from './settlement';
import type { WebhookEventsRepository } from './webhook-events.repository';

const code = z.union([z.string(), z.number()]).transform(String);
/** Authorize.Net's notification: `{ notificationId, eventType, eventDate, webhookId, payload: { … } }`. */
const notificationSchema = z.looseObject({
  notificationId: z.string().min(1).max(200),
  eventType: z.string().min(1).max(200),
  payload: z
    .looseObject({
      id: code.optional(),
      invoiceNumber: z.string().optional(),
      responseCode: code.optional(),
      authAmount: z.union([z.number(), z.string()]).optional(),
    })
    .default({}),
});
type Notification = z.infer<typeof notificationSchema>;

/** What each payment event means for a payment of ours. */
function verdictOf(event: Notification): TransactionResult['outcome'] | null {
  switch (event.eventType) {
    case 'net.authorize.payment.authcapture.created': {
      // Sent for every new transaction; its response code says whether money moved.
      const responseCode = event.payload.responseCode ?? '1';
      return responseCode === '1' ? 'approved' : responseCode === '2' ? 'declined' : responseCode === '4' ? 'held' : 'error';
    }
    case 'net.authorize.payment.fraud.approved':
      return 'approved';
    case 'net.authorize.payment.fraud.declined':
      return 'declined';
    case 'net.authorize.payment.fraud.held':
      return 'held';
    default:
      return null;
  }
}

/**
 * Provider webhooks. Only a body whose signature checks out is read at all. Each notification is
 * applied once: its id is recorded in the same transaction as its effect, so a redelivery (the
 * provider retries until it gets a 200) finds it recorded and does nothing, while a failure part-way
 * records nothing and the retry applies it in full.
 */
export function createWebhookService(deps: {
  db: Db;
  payments: PaymentsRepository;
  webhookEvents: WebhookEventsRepository;
  provider: PaymentProvider;
  settlement: Settlement;
  log: FastifyBaseLogger;
}) {
  const { db, payments, webhookEvents, provider, settlement, log } = deps;

  function parse(rawBody: Buffer): Notification {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw badRequest('The webhook body is not valid JSON.');
    }
    const parsed = notificationSchema.safeParse(json);
    if (!parsed.success) throw badRequest('The webhook body is not a notification.');
    return parsed.data;
  }

  /** The card and amount of the transaction, when the provider can tell us (best effort: the event is enough to act). */
  async function details(transactionId: string | undefined): Promise<TransactionResult | null> {
    if (!transactionId) return null;
    try {
      return await provider.getTransaction(transactionId);
    } catch (error) {
      log.warn({ err: error, transactionId }, 'transaction details unavailable for a webhook');
      return null;
    }
  }

  function amountMatches(payment: PaymentRow, event: Notification, found: TransactionResult | null): boolean {
    const reported = found?.amountCents ?? dollarsToCents(event.payload.authAmount);
    return reported === undefined || reported === payment.amountCents;
  }

  async function handle(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!provider.verifyWebhook(rawBody, signature))
      throw new AppError(401, ErrorCode.UNAUTHENTICATED, 'The webhook signature is not valid.');
    const event = parse(rawBody);
    const record = { provider: provider.name, notificationId: event.notificationId, eventType: event.eventType, payload: event };

    const verdict = verdictOf(event);
    const target = verdict
      ? await payments.findForProvider({ provider: provider.name, transactionId: event.payload.id, reference: event.payload.invoiceNumber })
      : undefined;
    // Looked up before the transaction: no network call while rows are locked.
    const found = target && OPEN_STATUSES.includes(target.status) && verdict === 'approved' ? await details(event.payload.id) : null;

    const settled = await db.transaction(async (tx): Promise<Settled | null> => {
      if (!(await webhookEvents.claim(record, tx))) return null;
      if (!verdict || !target || !OPEN_STATUSES.includes(target.status)) return null;
      const card = { transactionId: event.payload.id, cardLast4: found?.cardLast4, cardBrand: found?.cardBrand };
      if (verdict === 'approved') {
        if (!amountMatches(target, event, found)) {
          log.error(
            { paymentId: target.id, notificationId: event.notificationId },
            'webhook amount differs from the payment; needs a person',
          );
          return null;
        }
        return settlement.approveIn(tx, target.id, card);
      }
      const failureMessage =
        verdict === 'held'
          ? null
          : verdict === 'declined'
            ? 'The payment was declined after review.'
            : 'The payment failed at the provider.';
      await settlement.close(target.id, verdict, { ...card, failureMessage }, tx);
      return null;
    });
    if (settled) settlement.announce(settled);
  }

  return { handle };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
