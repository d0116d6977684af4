/**
 * The calls module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by calls.module.ts, which only app.ts imports.
 */
export { CALL_JOBS } from './calls.jobs';
export { CALL_BUSY } from './calls.service';
export { callsPerBucket } from './stats.repository';
