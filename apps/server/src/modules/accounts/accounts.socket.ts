import type { Me } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import { emitToEveryone, emitToUser, type Io } from '../../platform/socket';

/**
 * Pushes a member's fresh profile to all their tabs whenever any module says it changed; a model's
 * callability and rate go to everyone, so profiles and the directory open elsewhere follow.
 */
export function registerAccountsSocket({
  events,
  io,
  getMe,
}: {
  events: EventBus;
  io: () => Io;
  getMe: (userId: string) => Promise<Me | undefined>;
}) {
  return events.subscribe('user.updated', async ({ userId }) => {
    const user = await getMe(userId);
    if (!user) return;
    emitToUser(io(), userId, 'me:updated', { user });
    if (user.type === 'model') {
      const { callAvailable, phoneVerified, callRate, username } = user;
      emitToEveryone(io(), 'model:callability', { modelId: userId, username, callAvailable, phoneVerified, callRate });
    }
  });
}
