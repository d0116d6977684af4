import type { AppContext } from '../../app-context';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsPush } from './notifications.socket';
import { createNotifier } from './notifier.service';

/** For modules that notify directly (items sold, payouts, calls): the same notifier the triggers use. */
export const createNotifierFor = (ctx: Pick<AppContext, 'db' | 'io'>) =>
  createNotifier({ repo: createNotificationsRepository(ctx.db), push: createNotificationsPush(ctx.io) });
