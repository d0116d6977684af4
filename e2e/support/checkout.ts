import type { Locator, Page } from 'playwright-core';

/** Clicks into a field and types into it key by key, as a person does (no fill, no paste). */
export async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text, { delay: 10 });
}

/** On /tokens: opens the Starter package's checkout, types the sandbox's approved card key by key and pays. */
export async function payForStarter(page: Page, nameOnCard: string) {
  await buyStarter(page);
  const checkout = page.getByRole('dialog');
  await typeInto(checkout.getByLabel('Card number'), '4111 1111 1111 1111');
  await typeInto(checkout.getByLabel('Expiry'), '1230');
  await typeInto(checkout.getByLabel('Security code'), '123');
  await typeInto(checkout.getByLabel('Name on card'), nameOnCard);
  await checkout.getByRole('button', { name: /^Pay \$9\.99/ }).click();
}

/** On /tokens: presses Buy on the Starter package's card. */
export async function buyStarter(page: Page) {
  const starter = page
    .locator('article, section, div')
    .filter({ has: page.getByText('Starter', { exact: true }) })
    .filter({ has: page.getByRole('button', { name: 'Buy' }) })
    .last();
  await starter.getByRole('button', { name: 'Buy' }).click();
}
