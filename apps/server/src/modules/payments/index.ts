/**
 * The payments module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by payments.module.ts, which only app.ts imports.
 */
export { salesPerBucket } from './stats.repository';
