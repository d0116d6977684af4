/** Which tests run where: the lists vitest.config.ts builds its projects from. */

/**
 * The server tests whose outcome depends on the database engine or on Redis: row locks and races,
 * SKIP LOCKED, deadlocks and serialisation retries, leases, two starts at once, and what goes through
 * Redis (presence, session revocation, socket fan-out, health). CI's second pass runs these (and the
 * cluster and fault tests) on PostgreSQL + Redis; every other server test asks nothing of the engine
 * that PGlite, which is PostgreSQL, answers differently, and ran in the first pass already.
 * A new test of locking, concurrency or Redis belongs here; one that runs only on PostgreSQL or
 * Redis (`it.runIf`) must be here, or it would run nowhere (scripts/tests/test-selection.test.ts).
 */
export const ENGINE_TESTS = [
  'apps/server/src/main.test.ts',
  'apps/server/src/modules/accounts/tests/admin-roles-and-audit.test.ts',
  'apps/server/src/modules/accounts/tests/first-admin.test.ts',
  'apps/server/src/modules/calls/tests/billing.test.ts',
  'apps/server/src/modules/calls/tests/price-changes.test.ts',
  'apps/server/src/modules/calls/tests/restart-and-nodes.test.ts',
  'apps/server/src/modules/calls/tests/state-machine.test.ts',
  'apps/server/src/modules/health/health.test.ts',
  'apps/server/src/modules/marketplace/tests/purchase-race.test.ts',
  'apps/server/src/modules/messaging/tests/messaging-cluster.test.ts',
  'apps/server/src/modules/messaging/tests/paid-sends-at-once.test.ts',
  'apps/server/src/modules/messaging/tests/price-changes.test.ts',
  'apps/server/src/modules/messaging/tests/send-retries.test.ts',
  'apps/server/src/modules/messaging/tests/sends-at-once.test.ts',
  'apps/server/src/modules/messaging/tests/unread-under-load.test.ts',
  'apps/server/src/modules/notifications/tests/message-notification.test.ts',
  'apps/server/src/modules/notifications/tests/push-delivery.test.ts',
  'apps/server/src/modules/payouts/tests/payout-decisions.test.ts',
  'apps/server/src/modules/payouts/tests/payout-request.test.ts',
  'apps/server/src/modules/wallet/tests/ledger-property.test.ts',
  'apps/server/src/modules/wallet/tests/ledger.test.ts',
  'apps/server/src/modules/wallet/tests/payout-ledger.test.ts',
  'apps/server/src/modules/wallet/tests/revenue-shards.test.ts',
  'apps/server/src/modules/wallet/tests/share-love-concurrency.test.ts',
  'apps/server/src/platform/mail/mail.test.ts',
  'apps/server/src/platform/presence.test.ts',
  'apps/server/src/platform/session-cache.test.ts',
  'apps/server/src/platform/shutdown.test.ts',
  'apps/server/src/platform/socket-cluster.test.ts',
  'apps/server/src/platform/transaction-conflict.test.ts',
  'apps/server/src/platform/turn-batch.test.ts',
];

/**
 * The browser journey that proves call billing on the real clock (minute 1 at 5 s, minute 2 at 61 s,
 * heard both ways): alone, so nothing it times waits behind another journey. Every other call
 * journey moves a clock it owns (e2e/support/clock.ts) and runs beside the rest.
 */
export const WALL_CLOCK_JOURNEYS = ['e2e/calls.e2e.ts'];
/** Browser journeys run again through Redis fan-out and PostgreSQL in CI's second pass: live chat, and paid messages. */
export const FAN_OUT_JOURNEYS = ['e2e/chat.e2e.ts', 'e2e/paid-message.e2e.ts'];
