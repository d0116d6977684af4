/**
 * The payouts module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by payouts.module.ts, which only app.ts imports.
 */
export { payoutsPaidPerBucket } from './stats.repository';
