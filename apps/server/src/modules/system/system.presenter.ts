import type { AdminMenuItem, MenuItem, OutboxRow } from '@cc/contracts';
import type { MenuRow } from './menus.repository';
import type { OutboxMailRow } from './outbox.repository';

export const toMenuItemDto = (row: MenuRow): MenuItem => ({ _id: row.id, title: row.title, path: row.path, openNewTab: row.openNewTab });

export const toAdminMenuItemDto = (row: MenuRow): AdminMenuItem => ({
  ...toMenuItemDto(row),
  section: row.section,
  ordering: row.ordering,
});

export const toOutboxRowDto = (row: OutboxMailRow): OutboxRow => ({
  _id: row.id,
  to: row.toAddress,
  subject: row.subject,
  template: row.template,
  status: row.status,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  lastError: row.lastError,
});
