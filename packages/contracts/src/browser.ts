/**
 * The contracts as the browser build sees them (the "browser" condition of package.json): the same
 * names as index.ts, but each route table is its `*.paths.ts` (method, path, upload: what
 * `routeRequest` reads) instead of its `*.routes.ts`, whose access, documentation and zod schemas
 * are the server's business. So a page that calls a route does not load the schemas, and zod comes
 * only with the forms that validate (docs/architecture.md#contracts). Types, tests and the server
 * read index.ts; contracts.test.ts keeps the two entries equal.
 */
export * from './common/error-codes';
export * from './common/envelope';
export * from './common/money-format';
export * from './common/money';
export * from './common/price-seen';
export * from './common/price-changed';
export * from './common/routes';
export * from './accounts/password-rules';
export * from './accounts/password';
export * from './accounts/account';
export * from './accounts/admin';
export * from './accounts/admin-contact';
export { authPaths as authRoutes } from './accounts/auth.paths';
export { profilePaths as profileRoutes } from './accounts/profile.paths';
export { directoryPaths as directoryRoutes } from './accounts/directory.paths';
export { contactUsPaths as contactUsRoutes } from './accounts/contact-us.paths';
export { adminContactPaths as adminContactRoutes } from './accounts/admin-contact.paths';
export { accountAdminPaths as accountAdminRoutes } from './accounts/admin.paths';
export * from './system/settings';
export * from './system/menu-sections';
export * from './system/menus';
export * from './system/outbox';
export * from './system/favicon';
export * from './system/audit';
export * from './system/stats';
export * from './system/health';
export { systemPaths as systemRoutes } from './system/system.paths';
export { settingsPaths as settingsRoutes } from './system/settings.paths';
export { menuPaths as menuRoutes } from './system/menus.paths';
export { outboxPaths as outboxRoutes } from './system/outbox.paths';
export { healthPaths as healthRoutes, filePaths as fileRoutes } from './system/platform.paths';
export { auditPaths as auditRoutes } from './system/audit.paths';
export { adminStatsPaths as adminStatsRoutes } from './system/stats.paths';
export * from './wallet/wallet';
export * from './wallet/admin-earnings';
export { walletPaths as walletRoutes } from './wallet/wallet.paths';
export { adminEarningPaths as adminEarningRoutes } from './wallet/admin-earnings.paths';
export * from './payments/packages';
export * from './payments/payments';
export { packagePaths as packageRoutes } from './payments/packages.paths';
export { paymentPaths as paymentRoutes } from './payments/payments.paths';
export { adminPaymentPaths as adminPaymentRoutes } from './payments/admin-payments.paths';
export * from './calls/constants';
export * from './calls/calls';
export * from './calls/admin-calls';
export { callPaths as callRoutes } from './calls/calls.paths';
export { adminCallPaths as adminCallRoutes } from './calls/admin-calls.paths';
export { twilioPaths as twilioRoutes } from './calls/twilio.paths';
export * from './marketplace/items';
export * from './marketplace/admin-items';
export { itemsPaths as itemsRoutes } from './marketplace/items.paths';
export { adminItemPaths as adminItemRoutes } from './marketplace/admin-items.paths';
export * from './payouts/payouts';
export { payoutsPaths as payoutsRoutes } from './payouts/payouts.paths';
export * from './posts/posts';
export { postsPaths as postsRoutes } from './posts/posts.paths';
export * from './messaging/message-limits';
export * from './messaging/messages';
export * from './messaging/conversations';
export { messagePaths as messageRoutes } from './messaging/messages.paths';
export { conversationPaths as conversationRoutes } from './messaging/conversations.paths';
export * from './contacts/contacts';
export { contactPaths as contactRoutes } from './contacts/contacts.paths';
export * from './media/media-types';
export * from './media/media';
export { mediaPaths as mediaRoutes } from './media/media.paths';
export * from './notifications/notifications';
export * from './notifications/notification-links';
export { notificationPaths as notificationRoutes } from './notifications/notifications.paths';
export * from './notifications/push';
export { pushPaths as pushRoutes } from './notifications/push.paths';
export * from './realtime/socket';
export * from './realtime/events';
export * from './realtime/xchat-events';
