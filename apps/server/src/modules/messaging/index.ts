/**
 * The messaging module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by messaging.module.ts, which only app.ts imports.
 */
export { messagesPerBucket } from './stats.repository';
