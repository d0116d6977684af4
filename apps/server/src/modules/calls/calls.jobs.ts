import { CALL_DISCONNECT_GRACE_MS, CALL_RING_TIMEOUT_MS } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import type { VoiceProviderName } from '../../providers/voice';
import type { CallEngine } from './calls.engine';
import type { CallsRepository, Party } from './calls.repository';

/** Calls looked at per run; a longer backlog is taken by the next run a second later. */
const BATCH = 500;
/** Charges the billing job runs at once: under the database pool's 10 connections, leaving room for requests. */
const BILLING_AT_ONCE = 4;
export const CALL_JOB_INTERVAL_MS = 1000;
export const CALL_JOBS = { billing: 'calls.billing', timeouts: 'calls.timeouts' } as const;

/**
 * The server's own schedule for calls (docs/product.md#call-billing), read from the rows, so a
 * restarted or second process carries on: charge every due minute (a page that stops calling the
 * charge endpoint still pays), end unanswered calls past their ring deadline (`callRingSeconds`, fixed when placed), and end a call
 * whose party has had no socket for CALL_DISCONNECT_GRACE_MS (nobody pays for a call they left).
 */
export function createCallJobs(deps: {
  repo: CallsRepository;
  engine: CallEngine;
  presence: Pick<Presence, 'onlineAmong'>;
  provider: VoiceProviderName;
  now: () => Date;
}) {
  const { repo, engine, now } = deps;

  /**
   * Whose sockets matter: the caller's always; the model's only once connected on the local
   * provider, whose softphone is a browser tab (with Twilio the model is on the phone).
   */
  const watched = (status: string): Party[] => (status === 'connected' && deps.provider === 'local' ? ['caller', 'model'] : ['caller']);

  async function billing(): Promise<number> {
    const due = await repo.dueForCharge(now(), BATCH);
    let charged = 0;
    // Calls placed together fall due together: a few at once, each its own transaction on its own
    // row, so the last minute of a burst is not charged a second late (bench/RESULTS.md, calls).
    let next = 0;
    const worker = async () => {
      while (next < due.length) {
        const id = due[next++]!;
        // SKIP LOCKED: a row a charge request or another process is working on is theirs this time.
        if ((await engine.charge(id, { skipLocked: true }))?.moved) charged += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(BILLING_AT_ONCE, due.length) }, worker));
    return charged;
  }

  async function timeouts(): Promise<number> {
    const instant = now();
    let changed = 0;
    for (const id of await repo.ringingPast(instant, new Date(instant.getTime() - CALL_RING_TIMEOUT_MS), BATCH)) {
      if (await engine.expireRinging(id, instant)) changed += 1;
    }

    const live = await repo.liveCalls(BATCH);
    if (live.length === 0) return changed;
    const online = await deps.presence.onlineAmong([...new Set(live.flatMap((c) => [c.callerId, c.modelId]))]);
    const graceStart = instant.getTime() - CALL_DISCONNECT_GRACE_MS;
    for (const call of live) {
      for (const party of watched(call.status)) {
        const userId = party === 'caller' ? call.callerId : call.modelId;
        const awaySince = party === 'caller' ? call.callerAwaySince : call.modelAwaySince;
        if (online.has(userId)) {
          if (awaySince) await repo.markBack(call.id, party);
        } else if (!awaySince) {
          await repo.markAway(call.id, party, instant);
        } else if (awaySince.getTime() <= graceStart) {
          if ((await engine.partyLeft(call.id, party))?.moved) changed += 1;
          break;
        }
      }
    }
    return changed;
  }

  return { billing, timeouts };
}

/**
 * Marks a party away the moment their last socket closes and back when one opens, so the grace
 * counts from the real instant; the timeouts job does the same as a backstop (another node's
 * disconnects, a restart).
 */
export function subscribeCallPresence(deps: { events: EventBus; repo: CallsRepository; provider: VoiceProviderName; now: () => Date }) {
  return deps.events.subscribe('presence.changed', async ({ userId, online }) => {
    for (const { id, party } of await deps.repo.liveCallIdsOf(userId)) {
      if (online) await deps.repo.markBack(id, party);
      else if (party === 'caller' || deps.provider === 'local') {
        const call = await deps.repo.findById(id);
        if (call && (party === 'caller' || call.status === 'connected')) await deps.repo.markAway(id, party, deps.now());
      }
    }
  });
}
