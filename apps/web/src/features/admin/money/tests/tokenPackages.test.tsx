import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { packageRoutes, type TokenPackage, type TokenPackageInput } from '@cc/contracts';
import { centsToDollarsText, packageFormSchema, packageToForm, parseDollars } from '../components/packageForm';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { renderAdmin } from '../../shared/tests/harness';

const aPackage = (overrides: Partial<TokenPackage> = {}): TokenPackage => ({
  _id: '00000000-0000-4000-8000-00000000c001',
  name: 'Starter',
  tokens: 1_000,
  priceCents: 999,
  price: 9.99,
  ordering: 0,
  active: true,
  ...overrides,
});

describe('package form conversions', () => {
  it('turns typed tokens and dollars into tokens and cents, and back', () => {
    expect(parseDollars('19.99')).toBe(1999);
    expect(parseDollars('$1,234.5')).toBe(123_450);
    expect(parseDollars('7')).toBe(700);
    expect(parseDollars('1.999')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(centsToDollarsText(1999)).toBe('19.99');
    expect(centsToDollarsText(700)).toBe('7.00');

    const parsed = packageFormSchema.safeParse({ name: ' Big ', tokens: '1,000.5', price: '$49.90', ordering: '3', active: false });
    expect(parsed.success && parsed.data).toEqual({ name: 'Big', tokens: 1_000.5, priceCents: 4990, ordering: 3, active: false });
    expect(packageToForm(aPackage({ tokens: 12_345.67, priceCents: 100_000, price: 1_000 }))).toEqual({
      name: 'Starter',
      tokens: '12,345.67',
      price: '1000.00',
      ordering: '0',
      active: true,
    });
  });

  it("uses the contract's limits for what it refuses", () => {
    const refuse = (values: Partial<Record<'tokens' | 'price', string>>) => {
      const parsed = packageFormSchema.safeParse({ name: 'X', tokens: '10', price: '1', ordering: '0', active: true, ...values });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(refuse({ tokens: '0.50' })).toEqual(['The number of tokens must be at least 1.00 tokens']);
    expect(refuse({ tokens: '1,000,001' })).toEqual(['The number of tokens must be at most 1,000,000.00 tokens']);
    expect(refuse({ price: '0.25' })).toEqual(['Price must be at least $0.50']);
    expect(refuse({ price: 'ten' })).toEqual(['Enter a price in dollars like 19.99']);
    expect(refuse({ tokens: '1.234' })).toEqual(['Enter a number of tokens like 1,000 or 12.50']);
  });
});

it('adds a package typed in tokens and dollars, sending tokens and cents', async () => {
  let packages: TokenPackage[] = [aPackage()];
  const api = fakeApi()
    .answer(packageRoutes.all, () => page(packages))
    .answer(packageRoutes.create, ({ body }) => {
      const created = { ...aPackage({ _id: '00000000-0000-4000-8000-00000000c002' }), ...(body as TokenPackageInput) } as TokenPackage;
      packages = [...packages, created];
      return created;
    });
  renderAdmin('/admin/packages');

  const row = (await screen.findByText('Starter')).closest('tr')!;
  expect(within(row).getByText('1,000.00')).toBeVisible();
  expect(within(row).getByText('$9.99')).toBeVisible();
  expect(within(row).getByText('On sale')).toBeVisible();

  fireEvent.click(screen.getByRole('button', { name: 'Add package' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a package' });
  expect(within(dialog).getByLabelText('Order')).toHaveValue('1');
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Popular' } });
  fireEvent.change(within(dialog).getByLabelText('Tokens'), { target: { value: '12,000' } });
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '99.9' } });
  expect(within(dialog).getByText(/\$0\.01 per token/)).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add package' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(packageRoutes.create)[0]!.body).toEqual({
    name: 'Popular',
    tokens: 12_000,
    priceCents: 9990,
    ordering: 1,
    active: true,
  });
  expect(await screen.findByText('Popular')).toBeVisible();
});

it('edits a package from its saved values and shows the server refusal next to the field', async () => {
  const api = fakeApi()
    .answer(packageRoutes.all, () => page([aPackage()]))
    .refuse(packageRoutes.update, 422, 'priceCents: too high', { fields: { priceCents: 'Price must be at most $10,000.00' } });
  renderAdmin('/admin/packages');

  fireEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit “Starter”' });
  expect(within(dialog).getByLabelText('Tokens')).toHaveValue('1,000.00');
  expect(within(dialog).getByLabelText('Price')).toHaveValue('9.99');
  fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '12.00' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save package' }));

  expect(await within(dialog).findByText('Price must be at most $10,000.00')).toBeVisible();
  expect(api.requestsTo(packageRoutes.update)[0]!.params.id).toBe('00000000-0000-4000-8000-00000000c001');
  expect(api.requestsTo(packageRoutes.update)[0]!.body).toEqual({
    name: 'Starter',
    tokens: 1_000,
    priceCents: 1200,
    ordering: 0,
    active: true,
  });
});

it('retires a package after confirming', async () => {
  let packages = [aPackage()];
  const api = fakeApi()
    .answer(packageRoutes.all, () => page(packages))
    .answer(packageRoutes.retire, () => {
      packages = [aPackage({ active: false })];
      return null;
    });
  renderAdmin('/admin/packages');

  fireEvent.click(await screen.findByRole('button', { name: 'Retire Starter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Retire “Starter”?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Retire package' }));
  const row = (await screen.findByText('Retired')).closest('tr')!;
  expect(within(row).queryByRole('button', { name: 'Retire Starter' })).not.toBeInTheDocument();
  expect(api.requestsTo(packageRoutes.retire).map((request) => request.params.id)).toEqual(['00000000-0000-4000-8000-00000000c001']);
});
