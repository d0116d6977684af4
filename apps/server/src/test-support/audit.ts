import type { AuditEntry } from '@cc/contracts';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/** The audit log as an administrator reads it (`GET /api/admin/audit`), newest first. */
export async function readAudit(
  app: TestApp,
  token: string,
  query: Record<string, string> = {},
): Promise<{ items: AuditEntry[]; count: number }> {
  const res = await app.request('GET', `/api/admin/audit?${new URLSearchParams(query)}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** One target's audit trail, newest first. */
export const auditTrail = async (app: TestApp, token: string, targetId: string) => (await readAudit(app, token, { targetId })).items;
