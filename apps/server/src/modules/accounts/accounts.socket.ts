import type { Me } from '@cc/contracts';
import type { EventBus } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';

/** Pushes a member's fresh profile to all their tabs whenever any module says it changed. */
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
    if (user) emitToUser(io(), userId, 'me:updated', { user });
  });
}
