import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { accountAdminRoutes, walletRoutes, type AdminUserRow } from '@cc/contracts';
import { fakeApi, page } from '../../../../../test/fakeApi';
import { aMember, renderAdmin } from '../../shared/tests/harness';
import { seeToast } from '../../../../../test/toasts';

// Ids of their own: the harness's first member id is the signed-in administrator's.
const SAM = '00000000-0000-4000-8000-00000000a001';
const OTHER = '00000000-0000-4000-8000-00000000a002';

/** A member list the role routes change, as the server would, and each member's empty statement. */
function directory(members: AdminUserRow[]) {
  const state = { members };
  const api = fakeApi()
    .answer(accountAdminRoutes.users, () => page(state.members))
    .answer(walletRoutes.memberStatement, page([]));
  const setRole = (id: string, role: AdminUserRow['role']) => {
    state.members = state.members.map((m) => (m._id === id ? { ...m, role } : m));
    return state.members.find((m) => m._id === id)!;
  };
  return { api, setRole };
}

async function openDrawer(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Open ${name}'s wallet` }));
  return screen.findByRole('dialog', { name });
}

it('makes an active member an administrator after confirming, and says so', async () => {
  const { api, setRole } = directory([aMember({ _id: SAM, name: 'Sam Member' })]);
  api.answer(accountAdminRoutes.makeAdmin, ({ params }) => setRole(params.id!, 'admin'));
  renderAdmin('/admin/members');

  const drawer = await openDrawer('Sam Member');
  expect(within(drawer).queryByText('Administrator')).not.toBeInTheDocument();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Make administrator' }));
  const confirm = await screen.findByRole('dialog', { name: 'Make Sam Member an administrator?' });
  expect(within(confirm).getByText(/written to the audit log/)).toBeVisible();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Make administrator' }));

  await seeToast('Sam Member is now an administrator.');
  expect(api.requestsTo(accountAdminRoutes.makeAdmin).map((request) => request.params.id)).toEqual([SAM]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make Sam Member an administrator?' })).not.toBeInTheDocument());
  // The list is read again: the drawer and the table show the new role.
  expect(await within(drawer).findByRole('button', { name: 'Remove administrator' })).toBeVisible();
  expect(within(drawer).getByText('Administrator')).toBeVisible();
  const row = screen.getByRole('button', { name: "Open Sam Member's wallet", hidden: true }).closest('tr')!;
  expect(within(row).getByText('Administrator')).toBeVisible();
});

it('removes another administrator after confirming', async () => {
  const { api, setRole } = directory([aMember({ _id: OTHER, name: 'Other Admin', role: 'admin' })]);
  api.answer(accountAdminRoutes.removeAdmin, ({ params }) => setRole(params.id!, 'user'));
  renderAdmin('/admin/members');

  const drawer = await openDrawer('Other Admin');
  expect(within(drawer).getByText('Administrator')).toBeVisible();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Remove administrator' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove Other Admin as administrator?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove administrator' }));

  await seeToast('Other Admin is no longer an administrator.');
  expect(api.requestsTo(accountAdminRoutes.removeAdmin).map((request) => request.params.id)).toEqual([OTHER]);
  expect(await within(drawer).findByRole('button', { name: 'Make administrator' })).toBeVisible();
});

it("shows the server's refusal in the dialog and keeps it open", async () => {
  const { api } = directory([aMember({ _id: OTHER, name: 'Last Admin', role: 'admin' })]);
  api.refuse(accountAdminRoutes.removeAdmin, 409, 'The site needs at least one administrator: make someone else an administrator first.');
  renderAdmin('/admin/members');

  const drawer = await openDrawer('Last Admin');
  fireEvent.click(within(drawer).getByRole('button', { name: 'Remove administrator' }));
  const confirm = await screen.findByRole('dialog', { name: 'Remove Last Admin as administrator?' });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Remove administrator' }));

  expect(
    await within(confirm).findByText('The site needs at least one administrator: make someone else an administrator first.'),
  ).toBeVisible();
  expect(screen.getByRole('dialog', { name: 'Remove Last Admin as administrator?' })).toBeVisible();
  expect(screen.queryByText('Last Admin is no longer an administrator.')).not.toBeInTheDocument();

  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove Last Admin as administrator?' })).not.toBeInTheDocument());
  expect(within(drawer).getByText('Administrator')).toBeVisible();
});

it('offers the role only to active ordinary members', async () => {
  directory([
    aMember({ _id: SAM, name: 'Ruby Model', type: 'model', modelStatus: 'approved' }),
    aMember({ _id: OTHER, name: 'Suspended Sam', status: 'suspended' }),
  ]);
  renderAdmin('/admin/members');

  for (const name of ['Ruby Model', 'Suspended Sam']) {
    const drawer = await openDrawer(name);
    expect(within(drawer).getByRole('button', { name: 'Adjust balance' })).toBeVisible();
    expect(within(drawer).queryByRole('button', { name: /administrator/ })).not.toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
  }
});
