/**
 * One schema for PGlite and PostgreSQL, one file per owning module under schema/ (docs/architecture.md,
 * "Tables"). Token amounts are integers of hundredths of a token. Migrations are generated from this
 * file with `npm run db:generate`.
 */
export * from './schema/accounts';
export * from './schema/system';
export * from './schema/contacts';
export * from './schema/wallet';
export * from './schema/payments';
export * from './schema/messaging';
export * from './schema/notifications';
export * from './schema/calls';
export * from './schema/marketplace';
export * from './schema/payouts';
export * from './schema/posts';
