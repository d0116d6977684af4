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
}: {
  events: EventBus;
  io: () => Io;
  balanceOf: (userId: string) => Promise<number>;
}) {
  const inFlight = new Map<string, { again: boolean }>();
  /** Per member, the newest version pushed and when; in the order they were pushed, oldest first. */
  const newest = new Map<string, { version: number; at: number }>();

  function pushKnown(userId: string, { balance, version }: WalletBalances[string]) {
    const now = Date.now();
    for (const [id, seen] of newest) {
      if (seen.at > now - VERSION_MEMORY_MS) break;
      newest.delete(id);
    }
    const last = newest.get(userId);
    if (last && last.version >= version) return;
    newest.delete(userId);
    newest.set(userId, { version, at: now });
    // Hundredths here; the event's schema sends tokens.
    emitToUser(io(), userId, 'wallet:balance', { balance });
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
        const balance = await balanceOf(userId);
        emitToUser(io(), userId, 'wallet:balance', { balance });
      }
    } finally {
      inFlight.delete(userId);
    }
  }

  return events.subscribe('wallet.changed', async ({ userIds, balances }) => {
    await Promise.all(
      userIds.map((userId) => {
        const known = balances?.[userId];
        if (!known) return pushRead(userId);
        pushKnown(userId, known);
        return undefined;
      }),
    );
  });
}
