import type { EventBus } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';

/**
 * Pushes a member's balance to every tab of theirs whenever the ledger says it changed.
 * Reads run one at a time per member and re-run if another change arrived meanwhile, so the last
 * balance a tab receives is never older than the last change (two overlapping reads could
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

  async function push(userId: string) {
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
        // Hundredths here; the event's schema sends tokens.
        emitToUser(io(), userId, 'wallet:balance', { balance });
      }
    } finally {
      inFlight.delete(userId);
    }
  }

  return events.subscribe('wallet.changed', async ({ userIds }) => {
    await Promise.all(userIds.map(push));
  });
}
