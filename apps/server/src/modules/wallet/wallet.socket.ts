import type { EventBus, WalletBalances } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';

/**
 * How long the newest pushed version of a member's balance is remembered. Two events of one wallet
 * can only arrive out of order when their transactions finished within moments of each other
 * (their commits are answered on different connections); a few seconds covers that with room.
 */
const VERSION_MEMORY_MS = 10_000;

/**
 * Pushes a member's balance to every tab of theirs whenever the ledger says it changed.
 *
 * The ledger sends the balances it wrote (`wallet.changed` `balances`), each with a version that
 * grows with every change of that wallet: a balance is pushed as it comes unless a newer version
 * was already pushed, so the last balance a tab receives is never older than the last change, with
 * no read.
 *
 * A member whose balance the event does not carry is read. Reads run one at a time per member and
 * re-run if another change arrived meanwhile, for the same reason (two overlapping reads could
 * otherwise answer out of order).
 */
export function registerWalletSocket({
  events,
  io,
  balanceOf,
  legacyEvents,
  usernameOf,
}: {
  events: EventBus;
  io: () => Io;
  balanceOf: (userId: string) => Promise<number>;
  /** Whether the xChat client's events go out beside ours (the `legacySocketEvents` setting, cached). */
  legacyEvents: () => Promise<boolean>;
  usernameOf: (userId: string) => Promise<string | undefined>;
}) {
  /** Ours, and the xChat client's `balance_updated` beside it when that is on. */
  function pushBalance(userId: string, balance: number, legacy: boolean) {
    // Hundredths here; the events' schemas send tokens.
    emitToUser(io(), userId, 'wallet:balance', { balance });
    if (legacy) emitToUser(io(), userId, 'balance_updated', { balance });
  }

  const inFlight = new Map<string, { again: boolean }>();
  /** Per member, the newest version pushed and when; in the order they were pushed, oldest first. */
  const newest = new Map<string, { version: number; at: number }>();

  function pushKnown(userId: string, { balance, version }: WalletBalances[string], legacy: boolean) {
    const now = Date.now();
    for (const [id, seen] of newest) {
      if (seen.at > now - VERSION_MEMORY_MS) break;
      newest.delete(id);
    }
    const last = newest.get(userId);
    if (last && last.version >= version) return;
    newest.delete(userId);
    newest.set(userId, { version, at: now });
    pushBalance(userId, balance, legacy);
  }

  async function pushRead(userId: string) {
    const running = inFlight.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    inFlight.set(userId, state);
    try {
      while (state.again) {
        state.again = false;
        const [balance, legacy] = await Promise.all([balanceOf(userId), legacyEvents()]);
        pushBalance(userId, balance, legacy);
      }
    } finally {
      inFlight.delete(userId);
    }
  }

  const unsubscribers = [
    events.subscribe('wallet.changed', async ({ userIds, balances }) => {
      // Read before the version check below, which must stay in step with the push (no await between).
      const legacy = balances ? await legacyEvents() : false;
      await Promise.all(
        userIds.map((userId) => {
          const known = balances?.[userId];
          if (!known) return pushRead(userId);
          pushKnown(userId, known, legacy);
          return undefined;
        }),
      );
    }),

    // The xChat client's toast for a tip (docs/product.md#sockets); ours is the notification.
    events.subscribe('tip.created', async ({ transactionId, payerId, modelId, amount }) => {
      if (!(await legacyEvents())) return;
      const username = (await usernameOf(payerId)) ?? '';
      emitToUser(io(), modelId, 'share_love_success', {
        userId: payerId,
        modelId,
        type: 'share_love',
        token: amount,
        itemId: transactionId,
        status: 'approved',
        username,
        createdAt: new Date().toISOString(),
      });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
