/**
 * The notifications module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by notifications.module.ts, which only app.ts imports.
 */
export type { Notifier, NotifyInput } from './notifier.service';
export { createNotifierFor } from './notifier-for';
