import { billingSecondForMinute, CALL_RING_TIMEOUT_MS, ErrorCode, type CallEndReason, type CallStatus } from '@cc/contracts';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { VoiceProvider } from '../../providers/voice';
import type { Ledger } from '../wallet';
import { connectedSeconds } from './calls.presenter';
import type { CallsPush } from './calls.socket';
import { LIVE_STATUSES, type CallRow, type CallsRepository, type Party } from './calls.repository';

/** What a committed change must tell people; run only after the commit (docs/architecture.md). */
type Notice =
  | { kind: 'connected' }
  | { kind: 'charged' }
  | { kind: 'declined'; reason: 'declined' | 'no-answer' }
  | { kind: 'ended'; reason: CallEndReason }
  | { kind: 'failed' };

/** The outcome of one transaction on a call: its row afterwards, what to announce, whose wallet changed. */
export type Settled = { call: CallRow; moved: boolean; notices: Notice[]; walletUserIds: string[] };

const RINGING: readonly CallStatus[] = ['initiated', 'ringing'];
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/**
 * A ringing call's deadline (docs/product.md#calls): fixed when it is placed, from `callRingSeconds`
 * then, and kept in `next_charge_at` — the row's "next thing due" — until it connects and billing
 * takes that column over. A row placed before the setting existed has none: the old 30 s apply.
 */
export const ringDeadlineFrom = (placedAt: Date, ringSeconds: number) => at(placedAt, ringSeconds * 1000);
export const ringDeadlineOf = (call: Pick<CallRow, 'createdAt' | 'nextChargeAt'>) =>
  call.nextChargeAt ?? at(call.createdAt, CALL_RING_TIMEOUT_MS);

/** When minute k of a call connected at `connectedAt` falls due. */
export const dueAtOf = (connectedAt: Date, minute: number) => at(connectedAt, billingSecondForMinute(minute) * 1000);

/**
 * The call's state machine and billing (docs/product.md#calls, #call-billing). Every change is one
 * compare-and-set on the row's status, and every charge runs in one short transaction with the row
 * locked: the ledger transfer (keyed `call:<id>:minute:<k>`, so a minute is paid once whatever
 * happens) and the row's `minutes_charged` / `next_charge_at` commit together.
 */
export function createCallEngine(deps: CallEngineDeps) {
  const billing = callBilling(deps);
  const announcer = callAnnouncer(deps);
  const isLive = (call: CallRow) => (LIVE_STATUSES as readonly CallStatus[]).includes(call.status);
  return {
    ...ringingChanges(deps, announcer),
    ...endings(deps, billing, announcer),
    owesAMinute: billing.owesAMinute,
    isLive,
    publish: announcer.publish,
  };
}
export type CallEngine = ReturnType<typeof createCallEngine>;

type CallEngineDeps = {
  db: Db;
  repo: CallsRepository;
  ledger: Pick<Ledger, 'transferWithCommission' | 'announce'>;
  provider: Pick<VoiceProvider, 'hangUp'>;
  push: CallsPush;
  events: EventBus;
  now: () => Date;
  warn: (message: string, error: unknown) => void;
};
type CallBilling = ReturnType<typeof callBilling>;
type CallAnnouncer = ReturnType<typeof callAnnouncer>;

const unchanged = (call: CallRow): Settled => ({ call, moved: false, notices: [], walletUserIds: [] });

/** The per-minute charges of a connected call, on its locked row. */
function callBilling({ repo, ledger }: CallEngineDeps) {
  /**
   * Charges every minute due by `until` on a locked, connected row. A minute the caller cannot pay
   * stops the loop (the ledger refused it inside a savepoint, so nothing of it was written).
   */
  async function chargeDue(tx: Tx, call: CallRow, until: Date): Promise<Settled & { unpaid: boolean }> {
    const connectedAt = call.connectedAt!;
    let minutes = call.minutesCharged;
    let tokens = call.tokensCharged;
    let unpaid = false;
    const walletUserIds: string[] = [];
    while (dueAtOf(connectedAt, minutes + 1) <= until) {
      const minute = minutes + 1;
      try {
        const paid = await ledger.transferWithCommission(
          {
            payerId: call.callerId,
            modelId: call.modelId,
            gross: call.rate,
            source: 'call',
            idempotencyKey: `call:${call.id}:minute:${minute}`,
            memo: `Voice call, minute ${minute}`,
            metadata: { callId: call.id, minute },
          },
          tx,
        );
        walletUserIds.push(...paid.userIds);
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.INSUFFICIENT_TOKENS) {
          unpaid = true;
          break;
        }
        throw error;
      }
      minutes = minute;
      tokens += call.rate;
    }
    if (minutes === call.minutesCharged) return { ...unchanged(call), unpaid };
    const updated = await repo.transition(
      call.id,
      ['connected'],
      { minutesCharged: minutes, tokensCharged: tokens, nextChargeAt: dueAtOf(connectedAt, minutes + 1) },
      tx,
    );
    return { call: updated!, moved: true, notices: [{ kind: 'charged' }], walletUserIds, unpaid };
  }

  /** Billing counts to now, or to the instant a party went away (nobody pays for a call they left). */
  const billableUntil = (call: CallRow, instant: Date) =>
    new Date(Math.min(instant.getTime(), call.callerAwaySince?.getTime() ?? Infinity, call.modelAwaySince?.getTime() ?? Infinity));

  /** Ends a locked, connected call: charges what is due at its end, then moves it to `ended`. */
  async function finishConnected(tx: Tx, call: CallRow, reason: CallEndReason, instant: Date): Promise<Settled> {
    const until = billableUntil(call, instant);
    const charged = await chargeDue(tx, call, until);
    const ended = await repo.transition(
      call.id,
      ['connected'],
      { status: 'ended', endReason: reason, endedAt: until, nextChargeAt: null },
      tx,
    );
    return {
      call: ended!,
      moved: true,
      notices: [...charged.notices, { kind: 'ended', reason }],
      walletUserIds: charged.walletUserIds,
    };
  }

  /**
   * Whether a minute of this row falls due by `instant`. A row read without its lock may be a
   * moment old; a minute missed that way is charged by the next request or the billing job.
   */
  const owesAMinute = (call: CallRow, instant: Date) =>
    call.status === 'connected' && dueAtOf(call.connectedAt!, call.minutesCharged + 1) <= billableUntil(call, instant);

  return { chargeDue, billableUntil, finishConnected, owesAMinute };
}

/** Runs a change on the locked row and, after the commit, tells the parties and the provider. */
function callAnnouncer(deps: CallEngineDeps) {
  const { db, repo, ledger, push, now } = deps;

  /** Announces a committed outcome to the two parties, and hangs up the provider's legs of a finished call. */
  function publish(settled: Settled): Settled {
    const { call } = settled;
    ledger.announce(settled.walletUserIds);
    for (const notice of settled.notices) {
      if (notice.kind === 'connected') push.connected(call);
      else if (notice.kind === 'charged') push.charged(call);
      else if (notice.kind === 'declined') push.declined(call, notice.reason);
      else if (notice.kind === 'ended') push.ended(call, connectedSeconds(call, now()), notice.reason);
      if (notice.kind === 'declined' && notice.reason === 'no-answer') {
        deps.events.publish('call.missed', { callId: call.id, callerId: call.callerId, modelId: call.modelId });
      }
      if (notice.kind === 'declined' || notice.kind === 'ended' || notice.kind === 'failed') {
        void deps.provider.hangUp({ callId: call.id, callSid: call.modelCallSid ?? call.callSid }).catch((error: unknown) => {
          deps.warn('voice provider hang-up failed', error);
        });
      }
    }
    return settled;
  }

  /** Runs `work` on the locked row in one transaction, then announces what it changed. */
  async function onLocked(id: string, work: (tx: Tx, call: CallRow) => Promise<Settled>, opts: { skipLocked?: boolean } = {}) {
    const settled = await db.transaction(async (tx) => {
      const call = await repo.lock(id, tx, opts);
      return call ? work(tx, call) : undefined;
    });
    return settled ? publish(settled) : undefined;
  }

  return { publish, onLocked };
}

/** A ringing call answered, refused or left unanswered: compare-and-sets with no lock and no charge. */
function ringingChanges({ repo, now }: CallEngineDeps, { publish }: CallAnnouncer) {
  /** The model answered (the softphone's accept, Twilio's conference join): billing starts now. */
  async function connect(id: string): Promise<Settled | undefined> {
    const instant = now();
    const call = await repo.transition(id, RINGING, {
      status: 'connected',
      connectedAt: instant,
      nextChargeAt: dueAtOf(instant, 1),
      callerAwaySince: null,
      modelAwaySince: null,
    });
    return call ? publish({ call, moved: true, notices: [{ kind: 'connected' }], walletUserIds: [] }) : undefined;
  }

  /** The model said no ('declined'), or did not answer in time ('no-answer', a missed call). */
  async function notAnswered(id: string, reason: 'declined' | 'no-answer'): Promise<Settled | undefined> {
    const call = await repo.transition(id, RINGING, {
      status: reason === 'declined' ? 'declined' : 'missed',
      endReason: reason,
      endedAt: now(),
    });
    return call ? publish({ call, moved: true, notices: [{ kind: 'declined', reason }], walletUserIds: [] }) : undefined;
  }

  /** A ringing call past its time is missed: the caller hears 'no-answer', the model gets a notification. */
  async function expireRinging(id: string, instant: Date): Promise<Settled | undefined> {
    const call = await repo.findById(id);
    if (!call || !RINGING.includes(call.status) || ringDeadlineOf(call) > instant) return undefined;
    return notAnswered(id, 'no-answer');
  }

  return { connect, notAnswered, expireRinging };
}

/** A call failing, hung up, charged or left by a party: each on the locked row, with what is due charged first. */
function endings({ repo, now }: CallEngineDeps, billing: CallBilling, { onLocked }: CallAnnouncer) {
  const { chargeDue, billableUntil, finishConnected } = billing;

  /** The provider could not place the call. */
  async function fail(id: string): Promise<Settled | undefined> {
    return onLocked(id, async (tx, call) => {
      if (call.status === 'connected') return finishConnected(tx, call, 'failed', now());
      const failed = await repo.transition(id, RINGING, { status: 'failed', endReason: 'failed', endedAt: now() }, tx);
      return failed ? { call: failed, moved: true, notices: [{ kind: 'failed' }], walletUserIds: [] } : unchanged(call);
    });
  }

  /**
   * Someone hung up. Connected: charge what is due, then end. Still ringing: the caller cancelled
   * (ended, nothing charged) or the model refused (declined); anyone else (the provider, an
   * administrator) ends it uncharged. Already finished: nothing changes.
   *
   * `alsoOnEnd` runs in the same transaction once the call has moved (an administrator's audit row,
   * docs/architecture.md#audit-log), with the locked row as it was and as it became; a call that did
   * not move runs nothing.
   */
  async function hangUp(
    id: string,
    by: Party | 'provider' | 'admin',
    reason: CallEndReason,
    alsoOnEnd?: (tx: Tx, before: CallRow, after: CallRow) => Promise<void>,
  ): Promise<Settled | undefined> {
    return onLocked(id, async (tx, call) => {
      const settled = await hangUpLocked(tx, call, by, reason);
      if (settled.moved && alsoOnEnd) await alsoOnEnd(tx, call, settled.call);
      return settled;
    });
  }

  async function hangUpLocked(tx: Tx, call: CallRow, by: Party | 'provider' | 'admin', reason: CallEndReason): Promise<Settled> {
    const { id } = call;
    const instant = now();
    if (call.status === 'connected') return finishConnected(tx, call, reason, instant);
    if (!RINGING.includes(call.status)) return unchanged(call);
    if (by === 'model') {
      const declined = await repo.transition(id, RINGING, { status: 'declined', endReason: 'declined', endedAt: instant }, tx);
      return { call: declined!, moved: true, notices: [{ kind: 'declined', reason: 'declined' }], walletUserIds: [] };
    }
    const cancelledReason: CallEndReason = reason === 'caller-ended' ? 'caller-cancelled' : reason;
    const ended = await repo.transition(id, RINGING, { status: 'ended', endReason: cancelledReason, endedAt: instant }, tx);
    return { call: ended!, moved: true, notices: [{ kind: 'ended', reason: cancelledReason }], walletUserIds: [] };
  }

  /**
   * Charges what is due now. `skipLocked` (the job): a row another transaction holds is left to it.
   * A due minute the caller cannot pay ends the call ('insufficient-tokens'), with no overdraft.
   */
  async function charge(id: string, opts: { skipLocked?: boolean } = {}): Promise<Settled | undefined> {
    return onLocked(
      id,
      async (tx, call) => {
        if (call.status !== 'connected') return unchanged(call);
        const instant = now();
        const charged = await chargeDue(tx, call, billableUntil(call, instant));
        if (!charged.unpaid) return charged;
        const ended = await finishConnected(tx, charged.call, 'insufficient-tokens', instant);
        return {
          ...ended,
          notices: [...charged.notices, ...ended.notices],
          walletUserIds: [...charged.walletUserIds, ...ended.walletUserIds],
        };
      },
      opts,
    );
  }

  /** A party gone past the grace period: the call ends at the instant they left. */
  async function partyLeft(id: string, party: Party): Promise<Settled | undefined> {
    return onLocked(id, async (tx, call) => {
      const reason: CallEndReason = party === 'caller' ? 'caller-left' : 'model-left';
      if (call.status === 'connected') return finishConnected(tx, call, reason, now());
      if (party !== 'caller' || !RINGING.includes(call.status)) return unchanged(call);
      const ended = await repo.transition(id, RINGING, { status: 'ended', endReason: reason, endedAt: now() }, tx);
      return { call: ended!, moved: true, notices: [{ kind: 'ended', reason }], walletUserIds: [] };
    });
  }

  return { fail, hangUp, charge, partyLeft };
}
