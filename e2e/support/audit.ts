import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * The last step of every admin journey (docs/product.md#roles: each administrator action is written
 * to the audit log): from an admin page, open Audit log from the admin navigation, as a person does,
 * and wait for the one row of `action` done by `actor`. The actor narrows it when earlier tests on the
 * same server left rows of the same action.
 */
export async function auditRow(page: Page, action: string, actor: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log', exact: true }).click();
  await page.waitForURL(/\/admin\/audit(\?|$)/);
  const row = page.locator('tbody tr').filter({ hasText: action }).filter({ hasText: actor });
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  return row;
}

/** What a row says changed, one `field: before → after` per line (long values clipped). */
export const auditChangesOf = (row: Locator) => row.getByRole('listitem').allInnerTexts();

/** The same changes unclipped, as each line's title keeps them: `{ field, before?, after? }`. */
export async function auditFullChangesOf(row: Locator) {
  const titles = await row.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
  return titles.map((title) => {
    const [field, ...rest] = title.split(': ');
    const [before, after] = rest.join(': ').split(' → ');
    return after === undefined ? { field, after: before } : { field, before, after };
  });
}

/** The row names its target by a short id, with the whole id in its title. */
export const auditTargetOf = (row: Locator, id: string) => row.getByText(`${id.slice(0, 8)}…`).getAttribute('title');
