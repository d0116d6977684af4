/**
 * The accounts module's public face for other modules: types, factories and pure helpers. Its
 * routes, sockets and jobs are registered by accounts.module.ts, which only app.ts imports.
 */
export { nextCallSettings, notAModelForCalls } from './call-settings-rules';
export type { CodeService } from './codes.service';
export { firstAdminBox, type FirstAdminCredentials } from './first-admin';
export { createMemberLookup, type MemberLookup } from './member-lookup';
export { toProfileByUsername } from './accounts.presenter';
export { visibleMemberWhere } from './member-visibility';
export { memberTotals, signUpsPerBucket } from './stats.repository';
export type { FileRef, UserRow } from './users.repository';
export { createAccountCodeService } from './account-codes';
