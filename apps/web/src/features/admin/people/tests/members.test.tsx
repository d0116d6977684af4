import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { accountAdminRoutes, type AdminUserRow } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { ADMIN, aMember, renderAdmin } from '../../shared/tests/harness';

/** A member directory that filters on q the way the server does (name, username or e-mail). */
function directory(members: AdminUserRow[]) {
  const state = { members };
  const api = fakeApi().answer(accountAdminRoutes.users, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const found = state.members.filter((m) => !q || [m.name, m.username, m.email].some((v) => v.toLowerCase().includes(q)));
    return page(found);
  });
  return { api, state };
}

it('searches as the person pauses typing and says when nothing matches', async () => {
  const { api } = directory([
    aMember({ name: 'Ann Lee', username: 'annlee', email: 'ann@example.test' }),
    aMember({ name: 'Bob Stone', username: 'bob' }),
  ]);
  renderAdmin('/admin/members');
  expect(await screen.findByText('Bob Stone')).toBeVisible();

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'ann' } });
  await waitFor(() => expect(screen.queryByText('Bob Stone')).not.toBeInTheDocument());
  expect(screen.getByText('Ann Lee')).toBeVisible();
  const searches = api.requestsTo(accountAdminRoutes.users).filter((c) => c.query.get('q'));
  expect(searches.map((c) => c.query.get('q'))).toEqual(['ann']);

  fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'zzz' } });
  expect(await screen.findByText('No members match “zzz”')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
  expect(await screen.findByText('Bob Stone')).toBeVisible();
  expect(screen.getByLabelText('Search members')).toHaveValue('');
});

it('suspends a member after confirming, and the list shows it', async () => {
  const bob = aMember({ name: 'Bob Stone', username: 'bob' });
  const { api, state } = directory([bob]);
  api.answer(accountAdminRoutes.suspendUser, () => {
    state.members = [{ ...bob, status: 'suspended' }];
    return state.members[0]!;
  });
  renderAdmin('/admin/members');

  fireEvent.click(await screen.findByRole('button', { name: 'Suspend Bob Stone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Bob Stone?' });
  expect(within(dialog).getByText(/signed out on every device/)).toBeVisible();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend member' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo(accountAdminRoutes.suspendUser).map((request) => request.params.id)).toEqual([bob._id]);
  const row = (await screen.findByRole('button', { name: 'Reactivate Bob Stone' })).closest('tr')!;
  expect(within(row).getByText('Suspended')).toBeVisible();
});

it("shows the server's refusal to suspend an administrator in the dialog", async () => {
  const other = aMember({ name: 'Other Admin', username: 'other', role: 'admin' });
  const { api } = directory([other]);
  api.refuse(accountAdminRoutes.suspendUser, 403, 'Administrators cannot be suspended.');
  renderAdmin('/admin/members');

  fireEvent.click(await screen.findByRole('button', { name: 'Suspend Other Admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend Other Admin?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend member' }));

  expect(await within(dialog).findByText('Administrators cannot be suspended.')).toBeVisible();
  expect(screen.getByRole('dialog', { name: 'Suspend Other Admin?' })).toBeVisible();
});

it('marks your own row and pages through long lists', async () => {
  const many = Array.from({ length: 20 }, (_, i) => aMember({ name: `Member ${i + 1}`, username: `m${i + 1}` }));
  const me = aMember({ _id: ADMIN._id, name: 'Site Admin', role: 'admin' });
  const api = fakeApi().answer(accountAdminRoutes.users, ({ query }) => page(query.get('skip') === '20' ? [me] : many, 21));
  renderAdmin('/admin/members');

  expect(await screen.findByText('1–20 of 21')).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));

  const row = (await screen.findByText('Site Admin')).closest('tr')!;
  expect(within(row).getByText('You')).toBeVisible();
  expect(screen.getByText('21–21 of 21')).toBeVisible();
  expect(api.requestsTo(accountAdminRoutes.users).at(-1)!.query.get('skip')).toBe('20');
});
